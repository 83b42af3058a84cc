import type {
  TCreditNote,
  TCreditNoteInput,
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
import { createDocumentApi } from '../../app/document-api';
import { toQueryString } from '../../app/resource-api';

/** SPEC state group `invoice` (DESIGN §4b). A draft says what the company settings and its customer lack: read
 * again when they change. */
export const invoicesApi = createDocumentApi<TInvoiceSummary, TInvoice, TInvoiceInput, TInvoiceStatus>({
  name: 'invoices',
  path: '/invoices',
  tag: 'Invoices',
  provides: ['Company', 'Customers'],
});

/** A payment or a credit note moves what is left to pay, the customer's money on account and the widgets. */
const SETTLED: TagType[] = ['Invoices', 'Logs', 'Dashboard', 'Payments', 'CreditNotes'];

type Period = { idClient: string; startDate: string; endDate: string };

/** An invoice's payments and credit notes, and the invoicing widgets (SPEC §7). */
export const invoiceExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
  useInvoicePaymentsQuery,
  usePayInvoiceMutation,
  useCreateCreditNoteMutation,
  useInvoicedVsPaidQuery,
  usePartiallyPaidQuery,
  useLateInvoicesQuery,
} = invoiceExtrasApi;
