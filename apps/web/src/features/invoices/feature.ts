import InvoiceIcon from '@mui/icons-material/ReceiptOutlined';
import { documentScreens, type Feature } from '../../components/feature';

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
export const invoicesFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.invoices',
      path: '/admin/invoices',
      icon: InvoiceIcon,
      group: 'sales',
      permission: 'invoices.read',
      after: '/admin/proformas',
    },
  ],
  routes: documentScreens({
    path: 'invoices',
    area: 'admin',
    list: { load: () => import('./InvoicesPage'), page: 'InvoicesPage' },
    detail: { load: () => import('./InvoiceDetailPage'), page: 'InvoiceDetailPage' },
    requires: 'invoices.write',
    backLabelKey: 'invoices.title',
  }),
  logs: { entity: 'invoice', statuses: 'invoices.statuses', labels: SALES_LABEL_KEYS },
};
