import InvoiceIcon from '@mui/icons-material/ReceiptOutlined';
import { documentFeature } from '../../components/feature';

/**
 * What sales documents and their payments log, named as their screens name it (a payment mode of an invoice is
 * its "mode de règlement", beside the means of payment printed on it).
 */
export const SALES_LABEL_KEYS: Record<string, string> = {
  orderDate: 'invoices.orderDate',
  notes: 'invoices.notes',
  lines: 'documents.lines',
  paymentModeId: 'invoices.paymentMode',
  paymentModeLabel: 'invoices.paymentMode',
  deliveryAddress: 'invoices.deliveryAddress',
  reason: 'creditNotes.reason',
};

/** Invoices: `/admin/invoices`, in the Sales menu. */
export const invoicesFeature = documentFeature({
  name: 'invoices',
  area: 'admin',
  nav: { icon: InvoiceIcon, group: 'sales', after: '/admin/proformas' },
  list: { load: () => import('./InvoicesPage'), page: 'InvoicesPage' },
  detail: { load: () => import('./InvoiceDetailPage'), page: 'InvoiceDetailPage' },
  logs: { entity: 'invoice', labels: SALES_LABEL_KEYS },
});
