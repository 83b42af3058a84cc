import type {
  TDocumentEvent,
  TMotifsByClient,
  TMotifsOverview,
  TOutput,
  TOutputInput,
  TOutputStatus,
  TOutputSummary,
} from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createResourceApi } from '../../app/resource-api';

/** The list (summaries) of stock outputs; an output itself comes from `useOutputQuery`. */
export const outputsApi = createResourceApi<TOutputSummary, TOutputInput>({
  name: 'outputs',
  path: '/outputs',
  tag: 'Outputs',
});

/** A change of a draft moves the log; a validation or a return also moves the stock, the tags and the widgets. */
const CHANGED: TagType[] = ['Outputs', 'Logs'];
const MOVED: TagType[] = [...CHANGED, 'Dashboard', 'Articles', 'Movements', 'Tags'];

type Period = { idClient: string; startDate: string; endDate: string };

/** The document endpoints beyond the list (DESIGN §4b), and the motifs widgets (SPEC `motifs`). */
export const outputExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    output: build.query<TOutput, number>({
      query: (id) => `/outputs/${id}`,
      providesTags: ['Outputs'],
    }),
    createOutput: build.mutation<TOutput, TOutputInput>({
      query: (body) => ({ url: '/outputs', method: 'POST', body }),
      invalidatesTags: CHANGED,
    }),
    updateOutput: build.mutation<TOutput, { id: number; body: TOutputInput }>({
      query: ({ id, body }) => ({ url: `/outputs/${id}`, method: 'PUT', body }),
      invalidatesTags: CHANGED,
    }),
    setOutputStatus: build.mutation<TOutput, { id: number; status: TOutputStatus; note?: string | null }>({
      query: ({ id, ...body }) => ({ url: `/outputs/${id}/status`, method: 'POST', body }),
      invalidatesTags: MOVED,
    }),
    outputHistory: build.query<TDocumentEvent[], number>({
      query: (id) => `/outputs/${id}/history`,
      providesTags: ['Outputs', 'Logs'],
    }),
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

export const {
  useOutputQuery,
  useCreateOutputMutation,
  useUpdateOutputMutation,
  useSetOutputStatusMutation,
  useOutputHistoryQuery,
  useMotifsOverviewQuery,
  useMotifsByClientQuery,
} = outputExtrasApi;
