import type { TypedUseMutation, TypedUseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { TDocumentEvent, TList } from '@tagstock/contract';
import { baseApi, type QueryArgs, type QueryError, type TagType } from './base-api';
import { hooksOf, toQueryString, type ListArgs } from './resource-api';

type Base = BaseQueryFn<QueryArgs, unknown, QueryError>;

/** A change of status: the status, a note, and the transition's options when it has some (`applyAdjustments`). */
export type StatusChange<S extends string> = { id: number; status: S; note?: string | null } & Record<string, unknown>;

/** What one call of `createDocumentApi` gives a document type: its endpoints as hooks, its PDF, its tag. */
export type DocumentApi<TSummary, TDoc, TInput, S extends string> = {
  useList: TypedUseQuery<TList<TSummary>, ListArgs, Base>;
  useGet: TypedUseQuery<TDoc, number, Base>;
  useCreate: TypedUseMutation<TDoc, TInput, Base>;
  useUpdate: TypedUseMutation<TDoc, { id: number; body: TInput }, Base>;
  useRemove: TypedUseMutation<{ ok: true }, number, Base>;
  useSetStatus: TypedUseMutation<TDoc, StatusChange<S>, Base>;
  useHistory: TypedUseQuery<TDocumentEvent[], number, Base>;
  /** The API path of a document's PDF (for `PdfButton`). */
  pdfPath: (id: number) => string;
  path: string;
  tag: string;
};

export type DocumentApiConfig = {
  /** Unique endpoint prefix, e.g. 'outputs'. */
  name: string;
  /** API path under /backend/api, e.g. '/outputs'. */
  path: string;
  /** The type's cache tag, e.g. 'Outputs': registered here, nowhere else needed. */
  tag: TagType | (string & {});
  /** Also invalidated by every change (beside the tag, the log and the dashboard), e.g. an invoice's credit notes. */
  invalidates?: (TagType | (string & {}))[];
  /** Also invalidated by a change of status: what it moves (stock, tags, another document). */
  statusInvalidates?: (TagType | (string & {}))[];
  /** Also provided by a document (it says what they lack: the company, its customer). */
  provides?: (TagType | (string & {}))[];
};

/**
 * The endpoints of a business document type (DESIGN §4b) from one call: list (summaries), get, create, update,
 * delete, status, history, and the PDF's path; its cache tag is added to the API's. Every change invalidates the
 * tag, `invalidates`, the activity log and the dashboard; a change of status also `statusInvalidates`.
 */
export const createDocumentApi = <TSummary, TDoc, TInput, S extends string>({
  name,
  path,
  tag,
  invalidates = [],
  statusInvalidates = [],
  provides = [],
}: DocumentApiConfig): DocumentApi<TSummary, TDoc, TInput, S> => {
  // A type's tag is its own: declared with it, not in the shared list. The tags are checked by RTK Query at run time
  // only; the types of the list below stay the shared ones.
  const tags = (list: readonly string[]) => list as TagType[];
  const changed = tags([tag, ...invalidates, 'Logs', 'Dashboard']);
  const api = baseApi.enhanceEndpoints({ addTagTypes: tags([tag]) }).injectEndpoints({
    endpoints: (build) => ({
      [`${name}List`]: build.query<TList<TSummary>, ListArgs>({
        query: (args) => `${path}${toQueryString(args)}`,
        providesTags: tags([tag]),
      }),
      [`${name}Get`]: build.query<TDoc, number>({
        query: (id) => `${path}/${id}`,
        providesTags: tags([tag, ...provides]),
      }),
      [`${name}Create`]: build.mutation<TDoc, TInput>({
        query: (body) => ({ url: path, method: 'POST', body }),
        invalidatesTags: changed,
      }),
      [`${name}Update`]: build.mutation<TDoc, { id: number; body: TInput }>({
        query: ({ id, body }) => ({ url: `${path}/${id}`, method: 'PUT', body }),
        invalidatesTags: changed,
      }),
      [`${name}Remove`]: build.mutation<{ ok: true }, number>({
        query: (id) => ({ url: `${path}/${id}`, method: 'DELETE' }),
        invalidatesTags: changed,
      }),
      [`${name}SetStatus`]: build.mutation<TDoc, StatusChange<S>>({
        query: ({ id, ...body }) => ({ url: `${path}/${id}/status`, method: 'POST', body }),
        invalidatesTags: [...changed, ...tags(statusInvalidates)],
      }),
      [`${name}History`]: build.query<TDocumentEvent[], number>({
        query: (id) => `${path}/${id}/history`,
        providesTags: tags([tag, 'Logs']),
      }),
    }),
  });
  const hook = hooksOf(api.endpoints, name);
  type Api = DocumentApi<TSummary, TDoc, TInput, S>;
  return {
    useList: hook('List', 'useQuery') as Api['useList'],
    useGet: hook('Get', 'useQuery') as Api['useGet'],
    useCreate: hook('Create', 'useMutation') as Api['useCreate'],
    useUpdate: hook('Update', 'useMutation') as Api['useUpdate'],
    useRemove: hook('Remove', 'useMutation') as Api['useRemove'],
    useSetStatus: hook('SetStatus', 'useMutation') as Api['useSetStatus'],
    useHistory: hook('History', 'useQuery') as Api['useHistory'],
    pdfPath: (id) => `${path}/${id}/pdf`,
    path,
    tag,
  };
};
