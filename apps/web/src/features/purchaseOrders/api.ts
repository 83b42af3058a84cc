import type {
  TArticleOnOrder,
  TDocumentEvent,
  TPurchaseOrder,
  TPurchaseOrderInput,
  TPurchaseOrderStatus,
  TPurchaseOrderSummary,
  TReceipt,
  TReceiptInput,
} from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';
import { paymentModesApi } from '../paymentModes/api';

/** The list (summaries) of SPEC state group `bdc`; an order itself comes from `usePurchaseOrderQuery`. */
export const purchaseOrdersApi = createResourceApi<TPurchaseOrderSummary, TPurchaseOrderInput>({
  name: 'purchaseOrders',
  path: '/purchase-orders',
  tag: 'PurchaseOrders',
});

/** A change of an order also moves the dashboard, the log and (receipts) the stock of its articles. */
const CHANGED: TagType[] = ['PurchaseOrders', 'Logs', 'Dashboard'];
const RECEIVED: TagType[] = [...CHANGED, 'Articles', 'Movements'];

/** The document endpoints beyond the list (DESIGN §4b): full order, status, receipts, history, on order. */
export const purchaseOrderExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    purchaseOrder: build.query<TPurchaseOrder, number>({
      query: (id) => `/purchase-orders/${id}`,
      providesTags: ['PurchaseOrders'],
    }),
    createPurchaseOrder: build.mutation<TPurchaseOrder, TPurchaseOrderInput>({
      query: (body) => ({ url: '/purchase-orders', method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    updatePurchaseOrder: build.mutation<TPurchaseOrder, { id: number; body: TPurchaseOrderInput }>({
      query: ({ id, body }) => ({ url: `/purchase-orders/${id}`, method: 'PUT', body }),
      invalidatesTags: CHANGED,
    }),
    setPurchaseOrderStatus: build.mutation<
      TPurchaseOrder,
      { id: number; status: TPurchaseOrderStatus; note?: string | null }
    >({
      query: ({ id, ...body }) => ({ url: `/purchase-orders/${id}/status`, method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    receivePurchaseOrder: build.mutation<TPurchaseOrder, { id: number; body: TReceiptInput }>({
      query: ({ id, body }) => ({ url: `/purchase-orders/${id}/receipts`, method: 'POST', body }),
      invalidatesTags: RECEIVED,
    }),
    purchaseOrderReceipts: build.query<TReceipt[], number>({
      query: (id) => `/purchase-orders/${id}/receipts`,
      providesTags: ['PurchaseOrders'],
    }),
    purchaseOrderHistory: build.query<TDocumentEvent[], number>({
      query: (id) => `/purchase-orders/${id}/history`,
      providesTags: ['PurchaseOrders', 'Logs'],
    }),
    articleOnOrder: build.query<TArticleOnOrder, number>({
      query: (id) => `/articles/${id}/on-order`,
      providesTags: ['PurchaseOrders', 'Articles'],
    }),
  }),
});

export const {
  usePurchaseOrderQuery,
  useCreatePurchaseOrderMutation,
  useUpdatePurchaseOrderMutation,
  useSetPurchaseOrderStatusMutation,
  useReceivePurchaseOrderMutation,
  usePurchaseOrderReceiptsQuery,
  usePurchaseOrderHistoryQuery,
  useArticleOnOrderQuery,
} = purchaseOrderExtrasApi;

/** The modes a new or edited order may take (active ones). */
export const activePaymentModeRef = referenceOf(paymentModesApi, (m) => m.label, 'label:asc', undefined, {
  active: 'true',
});
