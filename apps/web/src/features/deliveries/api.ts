import type {
  TClientsToDeliverToday,
  TDeliveryNoteSummary,
  TDeliveryRemaining,
  TInvoicesToDeliverToday,
  TLateDeliveries,
  TList,
} from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { toQueryString } from '../../app/resource-api';

/**
 * The delivery notes' cache tag, the one the delivery notes screens register (`createDocumentApi` in
 * features/deliveryNotes): creating, changing or delivering a note there reads these again.
 */
export const DELIVERY_NOTES_TAG = 'DeliveryNotes';

/** What is delivered: an invoice or a proforma. */
export type DeliverySource = { invoiceId: number } | { proformaId: number };

// The tag is the delivery notes' own, not in the shared list: RTK Query checks it at run time only.
const tags = (list: readonly string[]) => list as TagType[];
const NOTES = tags([DELIVERY_NOTES_TAG]);
// What is left to deliver also follows the lines of the invoice or proforma.
const REMAINING = tags([DELIVERY_NOTES_TAG, 'Invoices', 'Proformas']);
const WIDGETS = tags([DELIVERY_NOTES_TAG, 'Dashboard', 'Invoices', 'Customers']);

/** The deliveries of an invoice or a proforma, and the delivery widgets of the dashboard (SPEC §7 paths). */
export const deliveriesApi = baseApi.enhanceEndpoints({ addTagTypes: NOTES }).injectEndpoints({
  endpoints: (build) => ({
    deliveriesRemaining: build.query<TDeliveryRemaining, DeliverySource>({
      query: (source) => `/delivery-notes/remaining${toQueryString(source)}`,
      providesTags: REMAINING,
    }),
    deliveriesOfSource: build.query<TList<TDeliveryNoteSummary>, DeliverySource>({
      query: (source) => `/delivery-notes${toQueryString({ ...source, page: 1, limit: 50, sort: 'plannedDate:asc' })}`,
      providesTags: NOTES,
    }),
    deliveriesClientsToday: build.query<TClientsToDeliverToday, string>({
      query: (idClient) => ({ url: `/dashboard/getClientsToDeliverTodayByClient/${idClient}`, silent: true }),
      providesTags: WIDGETS,
    }),
    deliveriesLate: build.query<TLateDeliveries, string>({
      query: (idClient) => ({ url: `/dashboard/late-deliveries/${idClient}`, silent: true }),
      providesTags: WIDGETS,
    }),
    deliveriesInvoicesToday: build.query<TInvoicesToDeliverToday, string>({
      query: (idClient) => ({ url: `/dashboard/invoices-to-deliver-today/${idClient}`, silent: true }),
      providesTags: WIDGETS,
    }),
  }),
});

export const {
  useDeliveriesRemainingQuery,
  useDeliveriesOfSourceQuery,
  useDeliveriesClientsTodayQuery,
  useDeliveriesLateQuery,
  useDeliveriesInvoicesTodayQuery,
} = deliveriesApi;
