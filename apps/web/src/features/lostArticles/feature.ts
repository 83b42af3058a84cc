import LostIcon from '@mui/icons-material/SearchOffOutlined';
import type { Feature } from '../../components/feature';

/** Lost articles: `/admin/lostArticles`, after the gaps, for `inventories.read`; what it logs is named as its tabs. */
export const lostArticlesFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.lostArticles',
      path: '/admin/lostArticles',
      icon: LostIcon,
      group: 'inventory',
      permission: 'inventories.read',
      after: '/admin/gaps',
    },
  ],
  routes: [{ path: 'lostArticles', load: () => import('./LostArticlesPage'), page: 'LostArticlesPage' }],
  logs: { entity: 'lost_article', statuses: 'lostArticles.statuses' },
};
