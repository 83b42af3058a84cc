import type { TConvertBody, TProforma, TProformaInput, TProformaStatus, TProformaSummary } from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createDocumentApi } from '../../app/document-api';

/** Proformas (DESIGN §4b). */
export const proformasApi = createDocumentApi<TProformaSummary, TProforma, TProformaInput, TProformaStatus>({
  name: 'proformas',
  path: '/proformas',
  tag: 'Proformas',
});

/** The conversion into an invoice; lines beyond what is available are answered 409 unless `body` chooses. */
export const proformaExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    convertProforma: build.mutation<{ invoiceId: number }, { id: number } & NonNullable<TConvertBody>>({
      query: ({ id, ...body }) => ({ url: `/proformas/${id}/convert`, method: 'POST', body }),
      invalidatesTags: ['Proformas', 'Logs', 'Invoices', 'Dashboard', 'Reservations', 'Articles'],
    }),
  }),
});

export const { useConvertProformaMutation } = proformaExtrasApi;
