import type { TypedUseMutation, TypedUseQuery } from '@reduxjs/toolkit/query/react';
import type { TImportReport, TList } from '@tagstock/contract';
import { baseApi, type QueryArgs, type QueryError, type TagType } from './base-api';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';

type Base = BaseQueryFn<QueryArgs, unknown, QueryError>;

/** Filters beyond page/limit/search/sort (supplierId, withoutSupplier…); undefined and '' are left out. */
export type ListFilters = Record<string, string | number | boolean | null | undefined>;
export type ListArgs = { page: number; limit: number; search?: string; sort?: string } & ListFilters;

/** `?page=1&limit=25&search=…&sort=field:asc` plus filters, skipping empty values. */
export const toQueryString = (args: ListFilters): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** `validOnly`: write the valid rows and answer the rejected ones; `lang`: the file's language (headers, numbers). */
export type ImportArgs = { file: File; dryRun: boolean; validOnly?: boolean; lang?: string };

export type ResourceApi<T, TCreate, TUpdate> = {
  useList: TypedUseQuery<TList<T>, ListArgs, Base>;
  useGet: TypedUseQuery<T, number, Base>;
  useCreate: TypedUseMutation<T, TCreate, Base>;
  useUpdate: TypedUseMutation<T, { id: number; body: TUpdate }, Base>;
  useRemove: TypedUseMutation<{ ok: true }, number, Base>;
  useImport: TypedUseMutation<TImportReport, ImportArgs, Base>;
  path: string;
  tag: string;
};

type ResourceConfig = {
  /** Unique endpoint prefix, e.g. 'suppliers'. */
  name: string;
  /** API path under /backend/api, e.g. '/suppliers'. */
  path: string;
  /** The resource's cache tag: a shared one, or its feature's own (registered here). */
  tag: TagType | (string & {});
  /** Other lists whose counts or names change with this resource (e.g. articles → suppliers' articleCount). */
  invalidates?: (TagType | (string & {}))[];
};

/** The hook `kind` of the endpoint `${name}${key}`: computed endpoint names lose their literal types. */
export const hooksOf = (apiEndpoints: object, name: string) => {
  const endpoints = apiEndpoints as Record<string, { useQuery?: unknown; useMutation?: unknown } | undefined>;
  return (key: string, kind: 'useQuery' | 'useMutation') => {
    const found = endpoints[`${name}${key}`]?.[kind];
    if (!found) throw new Error(`endpoint ${name}${key} is missing`);
    return found;
  };
};

/**
 * The five CRUD endpoints (plus import) of one resource, with cache tags: lists and items provide
 * the resource tag; every change invalidates it, the related tags and the activity log.
 */
export const createResourceApi = <T, TCreate, TUpdate = TCreate>({
  name,
  path,
  tag,
  invalidates = [],
}: ResourceConfig): ResourceApi<T, TCreate, TUpdate> => {
  // A feature's own tag is checked by RTK Query at run time only: the shared list's type stays as it is.
  const own = tag as TagType;
  const changed = [own, ...invalidates, 'Logs', 'Dashboard'] as TagType[];
  const api = baseApi.enhanceEndpoints({ addTagTypes: [own] }).injectEndpoints({
    endpoints: (build) => ({
      [`${name}List`]: build.query<TList<T>, ListArgs>({
        query: (args) => `${path}${toQueryString(args)}`,
        providesTags: [own],
      }),
      [`${name}Get`]: build.query<T, number>({
        query: (id) => `${path}/${id}`,
        providesTags: [own],
      }),
      [`${name}Create`]: build.mutation<T, TCreate>({
        query: (body) => ({ url: path, method: 'POST', body }),
        invalidatesTags: changed,
      }),
      [`${name}Update`]: build.mutation<T, { id: number; body: TUpdate }>({
        query: ({ id, body }) => ({ url: `${path}/${id}`, method: 'PUT', body }),
        invalidatesTags: changed,
      }),
      [`${name}Remove`]: build.mutation<{ ok: true }, number>({
        query: (id) => ({ url: `${path}/${id}`, method: 'DELETE' }),
        invalidatesTags: changed,
      }),
      [`${name}Import`]: build.mutation<TImportReport, ImportArgs>({
        query: ({ file, dryRun, validOnly, lang }) => {
          const body = new FormData();
          body.append('file', file);
          const query = toQueryString({ dryRun: dryRun || undefined, validOnly: validOnly || undefined, lang });
          return { url: `${path}/import${query}`, method: 'POST', body };
        },
        // A dry run writes nothing.
        invalidatesTags: (_result, _error, { dryRun }) => (dryRun ? [] : changed),
      }),
    }),
  });
  const hook = hooksOf(api.endpoints, name);
  return {
    useList: hook('List', 'useQuery') as ResourceApi<T, TCreate, TUpdate>['useList'],
    useGet: hook('Get', 'useQuery') as ResourceApi<T, TCreate, TUpdate>['useGet'],
    useCreate: hook('Create', 'useMutation') as ResourceApi<T, TCreate, TUpdate>['useCreate'],
    useUpdate: hook('Update', 'useMutation') as ResourceApi<T, TCreate, TUpdate>['useUpdate'],
    useRemove: hook('Remove', 'useMutation') as ResourceApi<T, TCreate, TUpdate>['useRemove'],
    useImport: hook('Import', 'useMutation') as ResourceApi<T, TCreate, TUpdate>['useImport'],
    path,
    tag,
  };
};
