import type { TRole, TRoleInput, TRolePermissions, TUser, TUserCreate, TUserUpdate } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';

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

export const roleRef = referenceOf(rolesApi, (r) => r.name, 'name:asc');

export const userRef = referenceOf(usersApi, (u) => u.name, 'name:asc');

export const rolePermissionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rolePermissions: build.query<TRolePermissions, number>({
      query: (id) => `/roles/${id}/permissions`,
      providesTags: ['Roles'],
    }),
    /** One save of the roles screen: the role's whole set (write implies read). */
    saveRolePermissions: build.mutation<TRolePermissions, { id: number; permissions: string[] }>({
      query: ({ id, permissions }) => ({ url: `/roles/${id}/permissions`, method: 'PUT', body: { permissions } }),
      // The session's own permissions may have changed too.
      invalidatesTags: ['Roles', 'Logs', 'Me'],
    }),
  }),
});

export const { useRolePermissionsQuery, useSaveRolePermissionsMutation } = rolePermissionsApi;
