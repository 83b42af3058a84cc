import DeliveryIcon from '@mui/icons-material/LocalShippingOutlined';
import { documentScreens, type Feature } from '../../components/feature';

/** Delivery notes (bons de livraison): `/admin/deliveryNotes`, in the Sales menu after invoices. */
export const deliveryNotesFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.deliveryNotes',
      path: '/admin/deliveryNotes',
      icon: DeliveryIcon,
      group: 'sales',
      permission: 'deliveryNotes.read',
      after: '/admin/invoices',
    },
  ],
  routes: documentScreens({
    path: 'deliveryNotes',
    area: 'admin',
    list: { load: () => import('./DeliveryNotesPage'), page: 'DeliveryNotesPage' },
    detail: { load: () => import('./DeliveryNoteDetailPage'), page: 'DeliveryNoteDetailPage' },
    requires: 'deliveryNotes.write',
    backLabelKey: 'deliveryNotes.title',
  }),
  logs: {
    entity: 'delivery_note',
    statuses: 'deliveryNotes.statuses',
    labels: { plannedDate: 'deliveryNotes.plannedDate' },
  },
};
