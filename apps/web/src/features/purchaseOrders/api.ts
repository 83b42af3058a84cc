import type {
  TArticleOnOrder,
  TPurchaseOrder,
  TPurchaseOrderInput,
  TPurchaseOrderStatus,
  TPurchaseOrderSummary,
  TReceipt,
  TReceiptInput,
} from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createDocumentApi } from '../../app/document-api';
import { referenceOf } from '../../components/reference-source';
import { paymentModesApi } from '../paymentModes/api';

/** SPEC state group `bdc` (DESIGN §4b). */
export const purchaseOrdersApi = createDocumentApi<
  TPurchaseOrderSummary,
  TPurchaseOrder,
  TPurchaseOrderInput,
  TPurchaseOrderStatus
>({
  name: 'purchaseOrders',
  path: '/purchase-orders',
  tag: 'PurchaseOrders',
});

/** A receipt also moves the stock of its articles. */
const RECEIVED: TagType[] = ['PurchaseOrders', 'Logs', 'Dashboard', 'Articles', 'Movements'];

/** Receipts and what is on order of an article. */
export const purchaseOrderExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    receivePurchaseOrder: build.mutation<TPurchaseOrder, { id: number; body: TReceiptInput }>({
      query: ({ id, body }) => ({ url: `/purchase-orders/${id}/receipts`, method: 'POST', body }),
      invalidatesTags: RECEIVED,
    }),
    purchaseOrderReceipts: build.query<TReceipt[], number>({
      query: (id) => `/purchase-orders/${id}/receipts`,
      providesTags: ['PurchaseOrders'],
    }),
    articleOnOrder: build.query<TArticleOnOrder, number>({
      query: (id) => `/articles/${id}/on-order`,
      providesTags: ['PurchaseOrders', 'Articles'],
    }),
  }),
});

export const { useReceivePurchaseOrderMutation, usePurchaseOrderReceiptsQuery, useArticleOnOrderQuery } =
  purchaseOrderExtrasApi;

/** The modes a new or edited order may take (active ones). */
export const activePaymentModeRef = referenceOf(paymentModesApi, (m) => m.label, 'label:asc', undefined, {
  active: 'true',
});
