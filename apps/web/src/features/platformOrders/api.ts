import type {
  TEpcRegistration,
  TPlatformOrder,
  TPlatformOrderAdmin,
  TPlatformOrderAdminSummary,
  TPlatformOrderInput,
  TPlatformOrderStatus,
  TPlatformOrderSummary,
  TPlatformProduct,
  TPlatformProductInput,
  TPlatformTagFamily,
} from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

/** A tenant's orders to the platform (SPEC `bonDeCommandeRb`): list, detail, create. */
export const platformOrdersApi = createResourceApi<TPlatformOrderSummary, TPlatformOrderInput>({
  name: 'platformOrders',
  path: '/platform-orders',
  tag: 'PlatformOrders',
});
/** The products a tenant may order (`?active=true`). */
export const orderableProductsApi = createResourceApi<TPlatformProduct, never>({
  name: 'orderableProducts',
  path: '/platform-products',
  tag: 'PlatformProducts',
});

/** The super admin's view of every tenant's orders (SPEC `allBondeCommandeRb`). */
export const adminPlatformOrdersApi = createResourceApi<TPlatformOrderAdminSummary, never>({
  name: 'adminPlatformOrders',
  path: '/platform/platform-orders',
  tag: 'PlatformOrders',
});
/** The platform's catalogue, kept by the super admin. */
export const platformProductsApi = createResourceApi<TPlatformProduct, TPlatformProductInput>({
  name: 'platformProducts',
  path: '/platform/platform-products',
  tag: 'PlatformProducts',
});

type StatusArgs = { id: number; status: TPlatformOrderStatus; note?: string | null };

const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    platformOrder: build.query<TPlatformOrder, number>({
      query: (id) => `/platform-orders/${id}`,
      providesTags: ['PlatformOrders'],
    }),
    setPlatformOrderStatus: build.mutation<TPlatformOrder, StatusArgs>({
      query: ({ id, ...body }) => ({ url: `/platform-orders/${id}/status`, method: 'POST', body }),
      invalidatesTags: ['PlatformOrders', 'Logs'],
    }),
    adminPlatformOrder: build.query<TPlatformOrderAdmin, number>({
      query: (id) => `/platform/platform-orders/${id}`,
      providesTags: ['PlatformOrders'],
    }),
    adminSetPlatformOrderStatus: build.mutation<TPlatformOrderAdmin, StatusArgs>({
      query: ({ id, ...body }) => ({ url: `/platform/platform-orders/${id}/status`, method: 'POST', body }),
      invalidatesTags: ['PlatformOrders'],
    }),
    registerPlatformOrderEpcs: build.mutation<TPlatformOrderAdmin, { id: number; body: TEpcRegistration }>({
      query: ({ id, body }) => ({ url: `/platform/platform-orders/${id}/epcs`, method: 'POST', body }),
      invalidatesTags: ['PlatformOrders', 'Tags'],
    }),
    tenantTagFamilies: build.query<TPlatformTagFamily[], number>({
      query: (tenantId) => `/platform/tenants/${tenantId}/tag-families`,
    }),
  }),
});

export const {
  usePlatformOrderQuery,
  useSetPlatformOrderStatusMutation,
  useAdminPlatformOrderQuery,
  useAdminSetPlatformOrderStatusMutation,
  useRegisterPlatformOrderEpcsMutation,
  useTenantTagFamiliesQuery,
} = ordersApi;
