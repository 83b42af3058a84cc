import ProformaIcon from '@mui/icons-material/RequestQuoteOutlined';
import { documentScreens, type Feature } from '../../components/feature';
import { SALES_LABEL_KEYS } from '../invoices/feature';

/** Proformas: `/admin/proformas`, in the Sales menu. */
export const proformasFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.proformas',
      path: '/admin/proformas',
      icon: ProformaIcon,
      group: 'sales',
      permission: 'invoices.read',
      after: '/admin/customerGroups',
    },
  ],
  routes: documentScreens({
    path: 'proformas',
    area: 'admin',
    list: { load: () => import('./ProformasPage'), page: 'ProformasPage' },
    detail: { load: () => import('./ProformaDetailPage'), page: 'ProformaDetailPage' },
    requires: 'invoices.write',
    backLabelKey: 'proformas.title',
  }),
  // The invoice a proforma became is named, and its page links to it.
  logs: {
    entity: 'proforma',
    statuses: 'proformas.statuses',
    labels: { ...SALES_LABEL_KEYS, invoiceId: 'proformas.invoice' },
  },
};
