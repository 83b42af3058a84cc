import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import type { Feature } from '../../components/feature';

/** Webhooks: `/admin/webhooks` (endpoints) and `/admin/webhooks/:id` (an endpoint's deliveries), for `webhooks.read`. */
export const webhooksFeature: Feature = {
  nav: [
    {
      labelKey: 'nav.webhooks',
      path: '/admin/webhooks',
      icon: WebhookIcon,
      group: 'administration',
      permission: 'webhooks.read',
      after: '/admin/company',
    },
  ],
  routes: [
    { path: 'webhooks', load: () => import('./WebhooksPage'), page: 'WebhooksPage' },
    { path: 'webhooks/:id', load: () => import('./WebhookDeliveriesPage'), page: 'WebhookDeliveriesPage' },
  ],
  logs: { entity: 'webhook' },
};
