import DeliveryIcon from '@mui/icons-material/LocalShippingOutlined';
import { documentFeature } from '../../components/feature';

/** Delivery notes (bons de livraison): `/admin/deliveryNotes`, in the Sales menu after invoices. */
export const deliveryNotesFeature = documentFeature({
  name: 'deliveryNotes',
  area: 'admin',
  nav: { icon: DeliveryIcon, group: 'sales', after: '/admin/invoices' },
  list: { load: () => import('./DeliveryNotesPage'), page: 'DeliveryNotesPage' },
  detail: { load: () => import('./DeliveryNoteDetailPage'), page: 'DeliveryNoteDetailPage' },
  logs: { entity: 'delivery_note', labels: { plannedDate: 'deliveryNotes.plannedDate' } },
});
