/**
 * The document types' modules, one line each (a new type adds its line here): app.ts builds and registers every
 * module exported here, and keeps the legal PDFs of those that answer `keptPdfs`.
 */
export { purchasingModule } from './purchasing/purchasing.module';
export { platformOrdersModule } from './platform-orders/platform-orders.module';
export { outputsModule } from './outputs/outputs.module';
export { invoicingModule } from './invoicing/invoicing.module';
export { deliveryNotesModule } from './delivery-notes/delivery-notes.module';
export { inventoriesModule } from './inventories/inventories.module';
