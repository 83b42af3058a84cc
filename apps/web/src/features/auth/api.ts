import type { TMeResponse, TPasswordBody, TProfileBody, TSignInBody, TSignInResponse } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<TSignInResponse, TSignInBody>({
      query: (body) => ({ url: '/auth/sign-in', method: 'POST', body }),
    }),
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

export const {
  useSignInMutation,
  useMeQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useSignOutEverywhereMutation,
} = authApi;
