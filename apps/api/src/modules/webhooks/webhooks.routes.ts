import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listOf,
  ZIdParams,
  ZOk,
  ZWebhookDelivery,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  ZWebhookEndpointInput,
  ZWebhookEndpointQuery,
  ZWebhookEndpointState,
} from '@tagstock/contract';
import type { WebhooksService } from './webhooks.service';

/** `/webhooks`: a tenant's endpoints, their deliveries and "send again" (docs/webhooks.md). */
export const webhooksRoutes =
  (service: WebhooksService): FastifyPluginAsyncZod =>
  async (app) => {
    const r = app.requirePermission('webhooks.read');
    const w = app.requirePermission('webhooks.write');
    const tags = ['webhooks'];
    app.get(
      '/webhooks',
      {
        schema: { tags, querystring: ZWebhookEndpointQuery, response: { 200: listOf(ZWebhookEndpoint) } },
        preHandler: r,
      },
      (req) => service.list(req.auth, req.query),
    );
    app.get(
      '/webhooks/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZWebhookEndpoint } }, preHandler: r },
      (req) => service.get(req.auth, req.params.id),
    );
    app.post(
      '/webhooks',
      { schema: { tags, body: ZWebhookEndpointInput, response: { 200: ZWebhookEndpointCreated } }, preHandler: w },
      (req) => service.create(req.auth, req.body),
    );
    app.patch(
      '/webhooks/:id',
      {
        schema: { tags, params: ZIdParams, body: ZWebhookEndpointState, response: { 200: ZWebhookEndpoint } },
        preHandler: w,
      },
      (req) => service.setEnabled(req.auth, req.params.id, req.body.enabled),
    );
    app.delete(
      '/webhooks/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: w },
      async (req) => {
        await service.remove(req.auth, req.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          params: ZIdParams,
          querystring: ZWebhookDeliveryQuery,
          response: { 200: listOf(ZWebhookDelivery) },
        },
        preHandler: r,
      },
      (req) => service.deliveries(req.auth, req.params.id, req.query),
    );
    app.post(
      '/webhooks/deliveries/:id/retry',
      { schema: { tags, params: ZIdParams, response: { 200: ZWebhookDelivery } }, preHandler: w },
      (req) => service.retry(req.auth, req.params.id),
    );
  };
