import type * as C from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { toQueryString, type ListArgs } from '../../app/resource-api';

/** The approved platform's cache tags (registered here): its settings, what waits to be sent, the lifecycles. */
const tags = (list: readonly string[]) => list as TagType[];
const SETTINGS = tags(['EinvoicingSettings']);
const OUTBOX = tags(['EinvoicingOutbox']);
const LIFECYCLE = tags(['Lifecycle']);

/** Where each kind of document keeps its lifecycle. */
const LIFECYCLE_PATHS: Record<C.TEinvoiceDocumentKind, string> = {
  invoice: '/invoices',
  credit_note: '/credit-notes',
  received_invoice: '/received-invoices',
};

export type DocumentRef = { kind: C.TEinvoiceDocumentKind; id: number };
export type OutboxArgs = ListArgs & Partial<Pick<C.TOutboxQuery, 'status' | 'documentKind' | 'documentId'>>;

/** The tenant's approved platform (`/einvoicing/*`) and the lifecycle of its e-invoices (`/<documents>/:id/lifecycle`). */
export const einvoicingApi = baseApi
  .enhanceEndpoints({ addTagTypes: [...SETTINGS, ...OUTBOX, ...LIFECYCLE] })
  .injectEndpoints({
    endpoints: (build) => ({
      einvoicingSettings: build.query<C.TEinvoicingSettings, void>({
        query: () => '/einvoicing/settings',
        providesTags: SETTINGS,
      }),
      saveEinvoicingSettings: build.mutation<C.TEinvoicingSettings, C.TEinvoicingSettingsInput>({
        query: (body) => ({ url: '/einvoicing/settings', method: 'PUT', body }),
        invalidatesTags: tags([...SETTINGS, ...OUTBOX, 'Logs']),
      }),
      testEinvoicing: build.mutation<C.TEinvoicingTest, void>({
        query: () => ({ url: '/einvoicing/settings/test', method: 'POST' }),
        // A successful test subscribes the platform's webhook.
        invalidatesTags: SETTINGS,
      }),
      einvoicingOutbox: build.query<C.TList<C.TOutboxItem>, OutboxArgs>({
        // Searched by document number; newest first (no other order).
        query: ({ sort: _sort, ...args }) => `/einvoicing/outbox${toQueryString(args)}`,
        providesTags: OUTBOX,
      }),
      retryEinvoicingMessage: build.mutation<{ ok: true }, number>({
        query: (id) => ({ url: `/einvoicing/outbox/${id}/retry`, method: 'POST' }),
        invalidatesTags: OUTBOX,
      }),
      pollEinvoicing: build.mutation<{ read: number }, void>({
        query: () => ({ url: '/einvoicing/poll', method: 'POST' }),
        // New flows: received invoices, and statuses of any document.
        invalidatesTags: tags([...OUTBOX, ...LIFECYCLE, 'ReceivedInvoices', 'Logs']),
      }),
      lifecycle: build.query<C.TLifecycleEvent[], DocumentRef>({
        query: ({ kind, id }) => `${LIFECYCLE_PATHS[kind]}/${id}/lifecycle`,
        providesTags: LIFECYCLE,
      }),
      sendLifecycleStatus: build.mutation<C.TLifecycleEvent[], { id: number; body: C.TLifecycleSendInput }>({
        query: ({ id, body }) => ({ url: `/received-invoices/${id}/lifecycle`, method: 'POST', body }),
        invalidatesTags: tags([...LIFECYCLE, ...OUTBOX, 'ReceivedInvoices', 'Logs']),
      }),
    }),
  });

export const {
  useEinvoicingSettingsQuery,
  useSaveEinvoicingSettingsMutation,
  useTestEinvoicingMutation,
  useEinvoicingOutboxQuery,
  useRetryEinvoicingMessageMutation,
  usePollEinvoicingMutation,
  useLifecycleQuery,
  useSendLifecycleStatusMutation,
} = einvoicingApi;
