import ProformaIcon from '@mui/icons-material/RequestQuoteOutlined';
import { documentFeature } from '../../components/feature';
import { SALES_LABEL_KEYS } from '../invoices/feature';

/** Proformas: `/admin/proformas`, in the Sales menu. */
export const proformasFeature = documentFeature({
  name: 'proformas',
  resource: 'invoices',
  area: 'admin',
  nav: { icon: ProformaIcon, group: 'sales', after: '/admin/customerGroups' },
  list: { load: () => import('./ProformasPage'), page: 'ProformasPage' },
  detail: { load: () => import('./ProformaDetailPage'), page: 'ProformaDetailPage' },
  // The invoice a proforma became is named, and its page links to it.
  logs: { entity: 'proforma', labels: { ...SALES_LABEL_KEYS, invoiceId: 'proformas.invoice' } },
});
