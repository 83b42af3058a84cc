import type * as C from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { toQueryString, type ListArgs } from '../../app/resource-api';

/** The webhooks' cache tag (registered here); the socket event of an endpoint switched off makes it stale. */
export const WEBHOOKS_TAG = 'Webhooks';
const tags = (list: readonly string[]) => list as TagType[];
const WEBHOOKS = tags([WEBHOOKS_TAG]);
const CHANGED = tags([WEBHOOKS_TAG, 'Logs']);

export type DeliveryArgs = ListArgs & { endpointId: number };

/** A tenant's webhook endpoints, their deliveries and "send again" (`/webhooks`, docs/webhooks.md). */
export const webhooksApi = baseApi.enhanceEndpoints({ addTagTypes: WEBHOOKS }).injectEndpoints({
  endpoints: (build) => ({
    webhooks: build.query<C.TList<C.TWebhookEndpoint>, ListArgs>({
      query: (args) => `/webhooks${toQueryString(args)}`,
      providesTags: WEBHOOKS,
    }),
    webhook: build.query<C.TWebhookEndpoint, number>({
      query: (id) => `/webhooks/${id}`,
      providesTags: WEBHOOKS,
    }),
    createWebhook: build.mutation<C.TWebhookEndpointCreated, C.TWebhookEndpointInput>({
      query: (body) => ({ url: '/webhooks', method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    setWebhookEnabled: build.mutation<C.TWebhookEndpoint, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: `/webhooks/${id}`, method: 'PATCH', body: { enabled } }),
      invalidatesTags: CHANGED,
    }),
    deleteWebhook: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: CHANGED,
    }),
    webhookDeliveries: build.query<C.TList<C.TWebhookDelivery>, DeliveryArgs>({
      query: ({ endpointId, ...args }) => `/webhooks/${endpointId}/deliveries${toQueryString(args)}`,
      providesTags: WEBHOOKS,
    }),
    retryWebhookDelivery: build.mutation<C.TWebhookDelivery, number>({
      query: (id) => ({ url: `/webhooks/deliveries/${id}/retry`, method: 'POST' }),
      invalidatesTags: WEBHOOKS,
    }),
  }),
});

export const {
  useWebhooksQuery,
  useWebhookQuery,
  useCreateWebhookMutation,
  useSetWebhookEnabledMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
  useRetryWebhookDeliveryMutation,
} = webhooksApi;
