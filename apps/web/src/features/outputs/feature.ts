import OutputIcon from '@mui/icons-material/OutboxOutlined';
import { documentScreens, type Feature } from '../../components/feature';

/** Stock outputs: `/admin/outputs`, in the Stock menu. */
export const outputsFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.outputs',
      path: '/admin/outputs',
      icon: OutputIcon,
      group: 'stock',
      permission: 'outputs.read',
      after: '/admin/dlc',
    },
  ],
  routes: documentScreens({
    path: 'outputs',
    area: 'admin',
    list: { load: () => import('./OutputsPage'), page: 'OutputsPage' },
    detail: { load: () => import('./OutputDetailPage'), page: 'OutputDetailPage' },
    requires: 'outputs.write',
    backLabelKey: 'outputs.title',
  }),
  logs: { entity: 'output', statuses: 'outputs.statuses' },
};
