import { useMemo } from 'react';
import type {
  PasswordResetDelivery,
  TList,
  TMailStatus,
  TPasswordResetLink,
  TPlatformUser,
  TTenant,
  TTenantCreate,
  TTenantStatus,
} from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createResourceApi, toQueryString } from '../../app/resource-api';
import type { ReferenceSource } from '../../components/reference-source';

export type TenantListArgs = { page: number; limit: number; search?: string };

export const tenantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTenants: build.query<TList<TTenant>, TenantListArgs>({
      query: (args) => `/tenants${toQueryString(args)}`,
      providesTags: ['Tenants'],
    }),
    setTenantReportTries: build.mutation<TTenant, { id: number; limit: number }>({
      query: ({ id, limit }) => ({ url: `/tenants/${id}/report-tries`, method: 'PUT', body: { limit } }),
      invalidatesTags: ['Tenants'],
    }),
    createTenant: build.mutation<TTenant, TTenantCreate>({
      query: (body) => ({ url: '/tenants', method: 'POST', body }),
      invalidatesTags: ['Tenants'],
    }),
    renameTenant: build.mutation<TTenant, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/tenants/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: ['Tenants'],
    }),
    setTenantStatus: build.mutation<TTenant, { id: number; status: TTenantStatus }>({
      query: ({ id, status }) => ({ url: `/tenants/${id}/status`, method: 'POST', body: { status } }),
      invalidatesTags: ['Tenants'],
    }),
  }),
});

export const {
  useListTenantsQuery,
  useSetTenantReportTriesMutation,
  useCreateTenantMutation,
  useRenameTenantMutation,
  useSetTenantStatusMutation,
} = tenantsApi;

const PLATFORM_USERS = 'PlatformUsers';

/** Users of every tenant, for the super admin: listed, and disabled or enabled one by one. */
export const platformUsersApi = createResourceApi<TPlatformUser, never>({
  name: 'platformUsers',
  path: '/platform/users',
  tag: PLATFORM_USERS,
});

export const { useSetPlatformUserStatusMutation, useCreatePasswordResetLinkMutation, useMailStatusQuery } = baseApi
  .enhanceEndpoints({ addTagTypes: [PLATFORM_USERS] })
  .injectEndpoints({
    endpoints: (build) => ({
      setPlatformUserStatus: build.mutation<TPlatformUser, { id: number; status: TTenantStatus }>({
        query: ({ id, status }) => ({ url: `/platform/users/${id}/status`, method: 'POST', body: { status } }),
        invalidatesTags: [PLATFORM_USERS, 'Tenants'] as TagType[],
      }),
      createPasswordResetLink: build.mutation<TPasswordResetLink, { id: number; by: PasswordResetDelivery }>({
        query: ({ id, by }) => ({ url: `/platform/users/${id}/password-reset`, method: 'POST', body: { by } }),
      }),
      /** Whether links can be e-mailed (the server has an SMTP server). */
      mailStatus: build.query<TMailStatus, void>({ query: () => '/platform/mail' }),
    }),
  });

const LABEL_LOOKUP_LIMIT = 100;

/**
 * Tenants for a filter. The platform has no item endpoint for a tenant: a current value's label comes from the
 * first page by name (the platform's tenants are few; a search still reaches any of them).
 */
export const tenantRef: ReferenceSource = {
  useSearch: ({ search, limit }, skip) => {
    const { data, isFetching, isError } = useListTenantsQuery(
      { page: 1, limit, search: search || undefined },
      { skip },
    );
    const options = useMemo(
      () => (data?.items ?? []).map((tenant) => ({ value: String(tenant.id), label: tenant.name })),
      [data],
    );
    return { options, total: data?.total ?? 0, isFetching, isError };
  },
  useLabel: (id, skip) => {
    const { data } = useListTenantsQuery({ page: 1, limit: LABEL_LOOKUP_LIMIT }, { skip });
    return data?.items.find((tenant) => String(tenant.id) === id)?.name;
  },
};
