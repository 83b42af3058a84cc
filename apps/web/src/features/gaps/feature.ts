import GapsIcon from '@mui/icons-material/CompareArrowsOutlined';
import type { Feature } from '../../components/feature';

/** Inventory gaps (écarts): `/admin/gaps`, after the inventories, for `inventories.read`. */
export const gapsFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.gaps',
      path: '/admin/gaps',
      icon: GapsIcon,
      group: 'inventory',
      permission: 'inventories.read',
      after: '/admin/inventories',
    },
  ],
  routes: [{ path: 'gaps', load: () => import('./GapsPage'), page: 'GapsPage' }],
};
