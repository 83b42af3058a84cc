import type {
  TCreditNote,
  TCreditNoteInput,
  TDocumentEvent,
  TInvoice,
  TInvoiceInput,
  TInvoicePayment,
  TInvoicePaymentInput,
  TInvoiceStatus,
  TInvoiceSummary,
  TInvoicedVsPaid,
  TLateInvoices,
  TPartiallyPaid,
} from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createResourceApi, toQueryString } from '../../app/resource-api';

/** The list (summaries) of SPEC state group `invoice`; an invoice itself comes from `useInvoiceQuery`. */
export const invoicesApi = createResourceApi<TInvoiceSummary, TInvoiceInput>({
  name: 'invoices',
  path: '/invoices',
  tag: 'Invoices',
});

/** A payment or a credit note moves what is left to pay, the customer's money on account and the widgets. */
const CHANGED: TagType[] = ['Invoices', 'Logs', 'Dashboard'];
const SETTLED: TagType[] = [...CHANGED, 'Payments', 'CreditNotes'];

type Period = { idClient: string; startDate: string; endDate: string };

/** The document endpoints beyond the list (DESIGN §4b), its payments, and the invoicing widgets (SPEC §7). */
export const invoiceExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    invoice: build.query<TInvoice, number>({
      query: (id) => `/invoices/${id}`,
      // A draft says what the company settings and its customer lack: read again when they change.
      providesTags: ['Invoices', 'Company', 'Customers'],
    }),
    createInvoice: build.mutation<TInvoice, TInvoiceInput>({
      query: (body) => ({ url: '/invoices', method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    updateInvoice: build.mutation<TInvoice, { id: number; body: TInvoiceInput }>({
      query: ({ id, body }) => ({ url: `/invoices/${id}`, method: 'PUT', body }),
      invalidatesTags: CHANGED,
    }),
    setInvoiceStatus: build.mutation<TInvoice, { id: number; status: TInvoiceStatus; note?: string | null }>({
      query: ({ id, ...body }) => ({ url: `/invoices/${id}/status`, method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    invoiceHistory: build.query<TDocumentEvent[], number>({
      query: (id) => `/invoices/${id}/history`,
      providesTags: ['Invoices', 'Logs'],
    }),
    invoicePayments: build.query<TInvoicePayment[], number>({
      query: (id) => `/invoices/${id}/payments`,
      providesTags: ['Invoices', 'Payments'],
    }),
    payInvoice: build.mutation<TInvoicePayment[], { id: number; body: TInvoicePaymentInput }>({
      query: ({ id, body }) => ({ url: `/invoices/${id}/payments`, method: 'POST', body }),
      invalidatesTags: SETTLED,
    }),
    createCreditNote: build.mutation<TCreditNote, TCreditNoteInput>({
      query: (body) => ({ url: '/credit-notes', method: 'POST', body }),
      invalidatesTags: SETTLED,
    }),
    invoicedVsPaid: build.query<TInvoicedVsPaid, Period>({
      query: ({ idClient, ...period }) => ({
        url: `/dashboard/total-montantht-payed-facturer/${idClient}${toQueryString(period)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'Invoices'],
    }),
    partiallyPaid: build.query<TPartiallyPaid, Period>({
      query: ({ idClient, ...period }) => ({
        url: `/dashboard/total-partiel-payed/${idClient}${toQueryString(period)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'Invoices'],
    }),
    lateInvoices: build.query<TLateInvoices, Period>({
      query: ({ idClient, ...period }) => ({
        url: `/dashboard/late-invoices/${idClient}${toQueryString(period)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'Invoices'],
    }),
  }),
});

export const {
  useInvoiceQuery,
  useCreateInvoiceMutation,
  useUpdateInvoiceMutation,
  useSetInvoiceStatusMutation,
  useInvoiceHistoryQuery,
  useInvoicePaymentsQuery,
  usePayInvoiceMutation,
  useCreateCreditNoteMutation,
  useInvoicedVsPaidQuery,
  usePartiallyPaidQuery,
  useLateInvoicesQuery,
} = invoiceExtrasApi;
