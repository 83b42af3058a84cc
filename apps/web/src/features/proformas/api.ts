import type { TProforma, TProformaInput, TProformaStatus, TProformaSummary } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createDocumentApi } from '../../app/document-api';

/** Proformas (DESIGN §4b). */
export const proformasApi = createDocumentApi<TProformaSummary, TProforma, TProformaInput, TProformaStatus>({
  name: 'proformas',
  path: '/proformas',
  tag: 'Proformas',
});

/** The conversion into an invoice. */
export const proformaExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    convertProforma: build.mutation<{ invoiceId: number }, number>({
      query: (id) => ({ url: `/proformas/${id}/convert`, method: 'POST' }),
      invalidatesTags: ['Proformas', 'Logs', 'Invoices', 'Dashboard'],
    }),
  }),
});

export const { useConvertProformaMutation } = proformaExtrasApi;
