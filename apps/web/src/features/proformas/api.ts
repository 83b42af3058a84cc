import type { TDocumentEvent, TProforma, TProformaInput, TProformaStatus, TProformaSummary } from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

/** The list (summaries) of proformas; a proforma itself comes from `useProformaQuery`. */
export const proformasApi = createResourceApi<TProformaSummary, TProformaInput>({
  name: 'proformas',
  path: '/proformas',
  tag: 'Proformas',
});

const CHANGED: TagType[] = ['Proformas', 'Logs'];

/** The document endpoints beyond the list (DESIGN §4b), and the conversion into an invoice. */
export const proformaExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    proforma: build.query<TProforma, number>({
      query: (id) => `/proformas/${id}`,
      providesTags: ['Proformas'],
    }),
    createProforma: build.mutation<TProforma, TProformaInput>({
      query: (body) => ({ url: '/proformas', method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    updateProforma: build.mutation<TProforma, { id: number; body: TProformaInput }>({
      query: ({ id, body }) => ({ url: `/proformas/${id}`, method: 'PUT', body }),
      invalidatesTags: CHANGED,
    }),
    setProformaStatus: build.mutation<TProforma, { id: number; status: TProformaStatus; note?: string | null }>({
      query: ({ id, ...body }) => ({ url: `/proformas/${id}/status`, method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    convertProforma: build.mutation<{ invoiceId: number }, number>({
      query: (id) => ({ url: `/proformas/${id}/convert`, method: 'POST' }),
      invalidatesTags: [...CHANGED, 'Invoices', 'Dashboard'],
    }),
    proformaHistory: build.query<TDocumentEvent[], number>({
      query: (id) => `/proformas/${id}/history`,
      providesTags: ['Proformas', 'Logs'],
    }),
  }),
});

export const {
  useProformaQuery,
  useCreateProformaMutation,
  useUpdateProformaMutation,
  useSetProformaStatusMutation,
  useConvertProformaMutation,
  useProformaHistoryQuery,
} = proformaExtrasApi;
