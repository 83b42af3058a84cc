/**
 * The measures of every domain, one line each (a new domain adds its line here), as document-modules.ts lists the
 * document types: the reports module builds its registry from this list.
 */
import { deliveryNotesMeasures } from '../delivery-notes/delivery-notes.report';
import { inventoriesMeasures } from '../inventories/inventories.report';
import { invoicingMeasures } from '../invoicing/invoicing.report';
import { outputsMeasures } from '../outputs/outputs.report';
import { purchasingMeasures } from '../purchasing/purchasing.report';
import { receivedInvoicesMeasures } from '../received-invoices/received-invoices.report';
import { reservationsMeasures } from '../reservations/reservations.report';
import { rfidMeasures } from '../rfid/rfid.report';
import { stockMeasures } from '../stock/stock.report';
import type { ReportMeasureDeclaration } from './registry';

export const REPORT_MEASURE_DECLARATIONS: readonly ReportMeasureDeclaration[] = [
  ...stockMeasures,
  ...purchasingMeasures,
  ...receivedInvoicesMeasures,
  ...invoicingMeasures,
  ...outputsMeasures,
  ...deliveryNotesMeasures,
  ...reservationsMeasures,
  ...rfidMeasures,
  ...inventoriesMeasures,
];
