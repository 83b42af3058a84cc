import type { TCompanySettings, TCompanySettingsInput } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';

/** The tenant's company identity (DESIGN §4b): one record, and its logo. */
export const companyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    company: build.query<TCompanySettings, void>({
      query: () => '/company',
      providesTags: ['Company'],
    }),
    saveCompany: build.mutation<TCompanySettings, TCompanySettingsInput>({
      query: (body) => ({ url: '/company', method: 'PUT', body }),
      invalidatesTags: ['Company', 'Logs'],
    }),
    uploadCompanyLogo: build.mutation<TCompanySettings, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/company/logo', method: 'PUT', body };
      },
      invalidatesTags: ['Company', 'Logs'],
    }),
    deleteCompanyLogo: build.mutation<TCompanySettings, void>({
      query: () => ({ url: '/company/logo', method: 'DELETE' }),
      invalidatesTags: ['Company', 'Logs'],
    }),
  }),
});

export const { useCompanyQuery, useSaveCompanyMutation, useUploadCompanyLogoMutation, useDeleteCompanyLogoMutation } =
  companyApi;
