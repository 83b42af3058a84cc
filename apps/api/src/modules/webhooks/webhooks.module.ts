import type { Db } from '../../db/client';
import { createWebhooksService, type WebhooksOptions } from './webhooks.service';
import { webhooksRoutes } from './webhooks.routes';

/** Signed webhooks: the endpoints' routes, and the outbox handler that delivers what `emitWebhookEvent` queues. */
export function webhooksModule(db: Db, opts: WebhooksOptions) {
  const service = createWebhooksService(db, opts);
  service.start();
  return { service, routes: webhooksRoutes(service) };
}
