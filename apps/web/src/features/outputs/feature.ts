import OutputIcon from '@mui/icons-material/OutboxOutlined';
import { documentFeature } from '../../components/feature';

/** Stock outputs: `/admin/outputs`, in the Stock menu. */
export const outputsFeature = documentFeature({
  name: 'outputs',
  area: 'admin',
  nav: { icon: OutputIcon, group: 'stock', after: '/admin/dlc' },
  list: { load: () => import('./OutputsPage'), page: 'OutputsPage' },
  detail: { load: () => import('./OutputDetailPage'), page: 'OutputDetailPage' },
  logs: { entity: 'output' },
});
