import InventoryIcon from '@mui/icons-material/FactCheckOutlined';
import { documentFeature } from '../../components/feature';

/** Inventories (RFID counts of the stock): `/admin/inventories`, first in the Inventory menu. */
export const inventoriesFeature = documentFeature({
  name: 'inventories',
  area: 'admin',
  nav: { icon: InventoryIcon, group: 'inventory' },
  list: { load: () => import('./InventoriesPage'), page: 'InventoriesPage' },
  detail: { load: () => import('./InventoryDetailPage'), page: 'InventoryDetailPage' },
  logs: {
    entity: 'inventory',
    labels: {
      scopeKind: 'inventories.scope',
      scopeIds: 'inventories.scopeNames',
      adjustedAt: 'inventories.adjustedAt',
    },
  },
});
