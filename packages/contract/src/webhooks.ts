import { z } from 'zod';
import { ZListQuery } from './common';
import { optionalText, str } from './fields';

/*
 * Signed webhooks for integrations (docs/webhooks.md): a tenant registers endpoints, each subscribed to some events;
 * every event is delivered to each subscribed endpoint by the outbox, signed, retried for 24 h and logged.
 */

export const WEBHOOK_EVENTS = [
  'invoice.issued',
  'invoice.paid',
  'invoice.lifecycle',
  'received_invoice.created',
  'stock.alert',
  'exit.unauthorized',
  'document.status_changed',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MESSAGE = 'expected an http:// or https:// address';

/** An http(s) URL with a host; whether that host may be called (not private) is the server's check. */
export const isWebhookUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username;
  } catch {
    return false;
  }
};

export const ZWebhookEndpointInput = z.object({
  url: str().trim().min(1, 'required').max(WEBHOOK_URL_MAX).refine(isWebhookUrl, WEBHOOK_URL_MESSAGE),
  events: z
    .array(ZWebhookEvent)
    .min(1, 'required')
    .max(WEBHOOK_EVENTS.length)
    .refine((list) => new Set(list).size === list.length, 'each event once'),
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
});
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

export const WEBHOOK_DELIVERY_STATUSES = ['waiting', 'failed', 'sent', 'given_up'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An endpoint as the API answers it: never its secret (shown once, at creation). */
export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(ZWebhookEvent),
  description: z.string().nullable(),
  /** Off: switched off after failing for 24 h (`disabledReason`), or by the tenant. */
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), event: ZWebhookEvent, at: z.string() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer of a creation: the endpoint with its signing secret, which is never shown again. */
export const ZWebhookEndpointCreated = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointCreated = z.infer<typeof ZWebhookEndpointCreated>;

/** Switching an endpoint on again (after it was switched off), or off. */
export const ZWebhookEndpointState = z.object({ enabled: z.boolean() });
export type TWebhookEndpointState = z.infer<typeof ZWebhookEndpointState>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  event: ZWebhookEvent,
  /** The event's id: `Tagstock-Delivery`, the receiver's idempotency key. */
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookEndpointQuery = ZListQuery;
export type TWebhookEndpointQuery = z.infer<typeof ZWebhookEndpointQuery>;

export const ZWebhookDeliveryQuery = ZListQuery.omit({ search: true }).extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type TWebhookDeliveryQuery = z.infer<typeof ZWebhookDeliveryQuery>;

/** Pushed to the tenant's room when an endpoint that kept failing is switched off (`SocketEvents.webhookDisabled`). */
export const ZWebhookDisabledEvent = z.object({ endpointId: z.number().int(), url: z.string(), reason: z.string() });
export type TWebhookDisabledEvent = z.infer<typeof ZWebhookDisabledEvent>;

/** The body every delivery POSTs (docs/webhooks.md); `data` depends on the event. */
export const ZWebhookPayload = z.object({
  id: z.string(),
  event: ZWebhookEvent,
  createdAt: z.string(),
  tenantId: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
