import type * as C from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { toQueryString, type ListArgs } from '../../app/resource-api';

/** The reports' cache tags (registered here): the history, and the natural-language tries left this month. */
const tags = (list: readonly string[]) => list as TagType[];
const HISTORY = tags(['Reports']);
const TRIES = tags(['ReportTries']);

/** The language the server names columns and sheets in. */
type InLanguage = { language: string };

/**
 * Reports (`/reports/*`, DESIGN §4c; the measures and groupings are the contract's): running a query (kept in the history), asking a
 * question in French or English (a proposed query, never run by the ask), the history and its actions.
 */
export const reportsApi = baseApi.enhanceEndpoints({ addTagTypes: [...HISTORY, ...TRIES] }).injectEndpoints({
  endpoints: (build) => ({
    reportTries: build.query<C.TReportTries, void>({
      query: () => '/reports/tries',
      providesTags: TRIES,
    }),
    runReport: build.mutation<C.TReportRunResponse, InLanguage & { query: C.TReportQuery; question?: string }>({
      query: ({ language, ...body }) => ({ url: '/reports/run', method: 'POST', body, language }),
      invalidatesTags: HISTORY,
    }),
    rerunReport: build.mutation<C.TReportRunResponse, InLanguage & { id: number }>({
      query: ({ language, id }) => ({ url: `/reports/${id}/run`, method: 'POST', language }),
      invalidatesTags: HISTORY,
    }),
    askReport: build.mutation<C.TReportAskResponse, C.TReportAskInput>({
      query: (body) => ({ url: '/reports/ask', method: 'POST', body }),
      // A try is spent (or found exhausted) either way.
      invalidatesTags: (_result, error) => (error && error.status !== 429 ? [] : TRIES),
    }),
    reportHistory: build.query<C.TList<C.TReportHistoryItem>, ListArgs>({
      query: (args) => `/reports/history${toQueryString(args)}`,
      providesTags: HISTORY,
    }),
    renameReport: build.mutation<C.TReportHistoryItem, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/reports/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: HISTORY,
    }),
    deleteReport: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/reports/${id}`, method: 'DELETE' }),
      invalidatesTags: HISTORY,
    }),
  }),
});

export const {
  useReportTriesQuery,
  useRunReportMutation,
  useRerunReportMutation,
  useAskReportMutation,
  useReportHistoryQuery,
  useRenameReportMutation,
  useDeleteReportMutation,
} = reportsApi;
