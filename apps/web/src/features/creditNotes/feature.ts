import CreditNoteIcon from '@mui/icons-material/ReceiptLongOutlined';
import { documentFeature } from '../../components/feature';
import { SALES_LABEL_KEYS } from '../invoices/feature';

/** Credit notes (made from an invoice, never new here): `/admin/creditNotes`, in the Sales menu. */
export const creditNotesFeature = documentFeature({
  name: 'creditNotes',
  resource: 'invoices',
  area: 'admin',
  nav: { icon: CreditNoteIcon, group: 'sales', after: '/admin/invoices' },
  list: { load: () => import('./CreditNotesPage'), page: 'CreditNotesPage' },
  detail: { load: () => import('./CreditNoteDetailPage'), page: 'CreditNoteDetailPage' },
  noNew: true,
  logs: { entity: 'credit_note', labels: SALES_LABEL_KEYS },
});
