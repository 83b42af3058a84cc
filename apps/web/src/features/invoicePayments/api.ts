import type { TAllocationInput, TPayment, TPaymentInput, TRefundInput } from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

/** The payments received from customers (the invoice payment screen), with what each still has on account. */
export const paymentsApi = createResourceApi<TPayment, TPaymentInput>({
  name: 'payments',
  path: '/payments',
  tag: 'Payments',
  invalidates: ['Invoices'],
});

const PAID: TagType[] = ['Payments', 'Invoices', 'Logs', 'Dashboard'];

export const paymentExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    allocatePayment: build.mutation<TPayment, { id: number; body: TAllocationInput }>({
      query: ({ id, body }) => ({ url: `/payments/${id}/allocations`, method: 'POST', body }),
      invalidatesTags: PAID,
    }),
    refundPayment: build.mutation<TPayment, { id: number; body: TRefundInput }>({
      query: ({ id, body }) => ({ url: `/payments/${id}/refunds`, method: 'POST', body }),
      invalidatesTags: PAID,
    }),
  }),
});

export const { useAllocatePaymentMutation, useRefundPaymentMutation } = paymentExtrasApi;
