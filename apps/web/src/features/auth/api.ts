import type { TMeResponse, TPasswordBody, TProfileBody } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';

// Sign-in itself calls apiCall directly (SignInPage): RTK Query is not loaded before the admin area.
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<TMeResponse, void>({
      // Background refresh: no loading bar.
      query: () => ({ url: '/auth/me', silent: true }),
      providesTags: ['Me'],
    }),
    updateProfile: build.mutation<TMeResponse, TProfileBody>({
      query: (body) => ({ url: '/auth/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    changePassword: build.mutation<{ token: string }, TPasswordBody>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
    }),
    signOutEverywhere: build.mutation<{ ok: true }, void>({
      query: () => ({ url: '/auth/sign-out-everywhere', method: 'POST' }),
    }),
  }),
});

export const { useMeQuery, useUpdateProfileMutation, useChangePasswordMutation, useSignOutEverywhereMutation } =
  authApi;
