import OrderIcon from '@mui/icons-material/ShoppingCartOutlined';
import { documentFeature } from '../../components/feature';

/** Purchase orders (SPEC `bdc`): `/admin/bdc`, in the Purchasing menu. */
export const purchaseOrdersFeature = documentFeature({
  name: 'purchaseOrders',
  path: 'bdc',
  area: 'admin',
  nav: { icon: OrderIcon, group: 'purchasing', after: '/admin/suppliers' },
  list: { load: () => import('./PurchaseOrdersPage'), page: 'PurchaseOrdersPage' },
  detail: { load: () => import('./PurchaseOrderDetailPage'), page: 'PurchaseOrderDetailPage' },
  logs: { entity: 'purchase_order' },
});
