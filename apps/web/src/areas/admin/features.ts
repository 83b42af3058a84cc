/**
 * The features of the administration area that declare themselves (`<feature>/feature.ts`: menu entry, routes, log
 * names, see `components/feature.ts`): a new one is one line here. Read through `ADMIN_FEATURES` (registry.ts).
 */
export { creditNotesFeature } from '../../features/creditNotes/feature';
export { deliveryNotesFeature } from '../../features/deliveryNotes/feature';
export { invoicesFeature } from '../../features/invoices/feature';
export { outputsFeature } from '../../features/outputs/feature';
export { proformasFeature } from '../../features/proformas/feature';
export { purchaseOrdersFeature } from '../../features/purchaseOrders/feature';
