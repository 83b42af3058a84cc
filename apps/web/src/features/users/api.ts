import type { TRole, TRoleInput, TRolePermissions, TUser, TUserCreate, TUserUpdate } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

export const usersApi = createResourceApi<TUser, TUserCreate, TUserUpdate>({
  name: 'users',
  path: '/users',
  tag: 'Users',
  invalidates: ['Roles'],
});

export const rolesApi = createResourceApi<TRole, TRoleInput>({
  name: 'roles',
  path: '/roles',
  tag: 'Roles',
  invalidates: ['Users'],
});

export const useRoleOptions = () =>
  rolesApi.useList({ page: 1, limit: 100, sort: 'name:asc' }).data?.items.map((r) => ({
    value: String(r.id),
    label: r.name,
  })) ?? [];

export const rolePermissionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rolePermissions: build.query<TRolePermissions, number>({
      query: (id) => `/roles/${id}/permissions`,
      providesTags: ['Roles'],
    }),
    changeRolePermissions: build.mutation<TRolePermissions, { id: number; permissions: string[]; add: boolean }>({
      query: ({ id, permissions, add }) => ({
        url: `/roles/${id}/permissions${add ? '' : '/remove'}`,
        method: 'POST',
        body: { permissions },
      }),
      // The session's own permissions may have changed too.
      invalidatesTags: ['Roles', 'Logs', 'Me'],
    }),
  }),
});

export const { useRolePermissionsQuery, useChangeRolePermissionsMutation } = rolePermissionsApi;
