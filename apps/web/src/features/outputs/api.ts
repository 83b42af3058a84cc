import type {
  TMotifsByClient,
  TMotifsOverview,
  TOutput,
  TOutputInput,
  TOutputStatus,
  TOutputSummary,
} from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createDocumentApi } from '../../app/document-api';

/** Stock outputs (DESIGN §4b); a validation or a return also moves the stock and the tags. */
export const outputsApi = createDocumentApi<TOutputSummary, TOutput, TOutputInput, TOutputStatus>({
  name: 'outputs',
  path: '/outputs',
  tag: 'Outputs',
  statusInvalidates: ['Articles', 'Movements', 'Tags'],
});

type Period = { idClient: string; startDate: string; endDate: string };

/** The motifs widgets (SPEC `motifs`). */
export const outputExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    motifsOverview: build.query<TMotifsOverview, Period>({
      query: ({ idClient, startDate, endDate }) => ({
        url: `/dashboard/motifsOverview/${idClient}?startDate=${startDate}&endDate=${endDate}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'Outputs'],
    }),
    motifsByClient: build.query<TMotifsByClient, string>({
      query: (idClient) => ({ url: `/dashboard/motifsByClient/${idClient}`, silent: true }),
      providesTags: ['Dashboard', 'Outputs'],
    }),
  }),
});

export const { useMotifsOverviewQuery, useMotifsByClientQuery } = outputExtrasApi;
