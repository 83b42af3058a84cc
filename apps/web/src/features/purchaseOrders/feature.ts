import OrderIcon from '@mui/icons-material/ShoppingCartOutlined';
import { documentScreens, type Feature } from '../../components/feature';

/** Purchase orders (SPEC `bdc`): `/admin/bdc`, in the Purchasing menu. */
export const purchaseOrdersFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.purchaseOrders',
      path: '/admin/bdc',
      icon: OrderIcon,
      group: 'purchasing',
      permission: 'purchaseOrders.read',
      after: '/admin/suppliers',
    },
  ],
  routes: documentScreens({
    path: 'bdc',
    area: 'admin',
    list: { load: () => import('./PurchaseOrdersPage'), page: 'PurchaseOrdersPage' },
    detail: { load: () => import('./PurchaseOrderDetailPage'), page: 'PurchaseOrderDetailPage' },
    requires: 'purchaseOrders.write',
    backLabelKey: 'purchaseOrders.title',
  }),
  logs: { entity: 'purchase_order', statuses: 'purchaseOrders.statuses' },
};
