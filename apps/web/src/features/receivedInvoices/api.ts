import type { TReceivedInvoice, TReceivedInvoiceSummary } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

/** The list (summaries) of received supplier invoices; one invoice comes from `useReceivedInvoiceQuery`. */
export const receivedInvoicesApi = createResourceApi<TReceivedInvoiceSummary, never>({
  name: 'receivedInvoices',
  path: '/received-invoices',
  tag: 'ReceivedInvoices',
});

/** Receiving a file, reading one invoice, linking it to its supplier (created from the seller when new). */
export const receivedInvoiceExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    receivedInvoice: build.query<TReceivedInvoice, number>({
      query: (id) => `/received-invoices/${id}`,
      providesTags: ['ReceivedInvoices'],
    }),
    /** `confirmBuyer`: keep it though its buyer is another company (after 409 `buyer_mismatch`). */
    receiveInvoice: build.mutation<TReceivedInvoice, { file: File; confirmBuyer?: boolean }>({
      query: ({ file, confirmBuyer }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `/received-invoices${confirmBuyer ? '?confirmBuyer=true' : ''}`, method: 'POST', body };
      },
      invalidatesTags: ['ReceivedInvoices', 'Logs'],
    }),
    linkReceivedInvoiceSupplier: build.mutation<TReceivedInvoice, number>({
      query: (id) => ({ url: `/received-invoices/${id}/supplier`, method: 'POST' }),
      invalidatesTags: ['ReceivedInvoices', 'Suppliers', 'Logs'],
    }),
  }),
});

export const { useReceivedInvoiceQuery, useReceiveInvoiceMutation, useLinkReceivedInvoiceSupplierMutation } =
  receivedInvoiceExtrasApi;
