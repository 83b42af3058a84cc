import PlatformIcon from '@mui/icons-material/CloudSyncOutlined';
import type { Feature } from '../../components/feature';

/** The approved platform: `/admin/einvoicing` (what goes to it, "Relever maintenant"), in the Sales menu. */
export const einvoicingFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.einvoicing',
      path: '/admin/einvoicing',
      icon: PlatformIcon,
      group: 'sales',
      permission: 'einvoicing.read',
      after: '/admin/creditNotes',
    },
  ],
  routes: [{ path: 'einvoicing', load: () => import('./EinvoicingPage'), page: 'EinvoicingPage' }],
};
