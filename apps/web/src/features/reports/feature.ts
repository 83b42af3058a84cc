import ReportIcon from '@mui/icons-material/QueryStatsOutlined';
import type { Feature } from '../../components/feature';

/** Reports: `/admin/reports` (a question or the builder, the result, the history), for `reports.read`. */
export const reportsFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.reports',
      path: '/admin/reports',
      icon: ReportIcon,
      permission: 'reports.read',
      after: '/admin/dashboard',
    },
  ],
  routes: [
    {
      path: 'reports',
      load: () => import('./ReportsPage'),
      page: 'ReportsPage',
      guard: { requires: 'reports.read', back: '/admin/dashboard', backLabelKey: 'nav.dashboard' },
    },
  ],
};
