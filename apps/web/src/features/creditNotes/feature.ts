import CreditNoteIcon from '@mui/icons-material/ReceiptLongOutlined';
import { documentScreens, type Feature } from '../../components/feature';
import { SALES_LABEL_KEYS } from '../invoices/feature';

/** Credit notes (made from an invoice, never new here): `/admin/creditNotes`, in the Sales menu. */
export const creditNotesFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.creditNotes',
      path: '/admin/creditNotes',
      icon: CreditNoteIcon,
      group: 'sales',
      permission: 'invoices.read',
      after: '/admin/invoices',
    },
  ],
  routes: documentScreens({
    path: 'creditNotes',
    area: 'admin',
    list: { load: () => import('./CreditNotesPage'), page: 'CreditNotesPage' },
    detail: { load: () => import('./CreditNoteDetailPage'), page: 'CreditNoteDetailPage' },
    requires: 'invoices.write',
    backLabelKey: 'creditNotes.title',
    noNew: true,
  }),
  logs: { entity: 'credit_note', statuses: 'creditNotes.statuses', labels: SALES_LABEL_KEYS },
};
