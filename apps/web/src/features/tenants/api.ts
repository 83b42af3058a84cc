import type { TList, TTenant } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';

export type TenantListArgs = { page: number; limit: number };

export const tenantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTenants: build.query<TList<TTenant>, TenantListArgs>({
      query: ({ page, limit }) => `/tenants?page=${page}&limit=${limit}`,
      providesTags: ['Tenants'],
    }),
  }),
});

export const { useListTenantsQuery } = tenantsApi;
