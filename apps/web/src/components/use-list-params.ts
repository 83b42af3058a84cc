import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '@tagstock/contract';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type ListParams = { page: number; limit: number; search: string; sort: string | undefined };
export type ListParamsPatch = Partial<{ page: number; limit: number; search: string; sort: string | null }>;

const positive = (text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};

/**
 * Reads list state from a query string; anything malformed falls back to the defaults. `prefix` keeps the state
 * of a second list on one page apart (`ordersPage`, `ordersSort`…).
 */
export const parseListParams = (params: URLSearchParams, defaultSort?: string, prefix = ''): ListParams => {
  const key = (name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  const sort = params.get(key('sort'));
  return {
    page: positive(params.get(key('page')), 1),
    limit: positive(params.get(key('limit')), LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX),
    search: params.get(key('search')) ?? '',
    sort: sort && /^[A-Za-z_]+:(asc|desc)$/.test(sort) ? sort : defaultSort,
  };
};

/** Applies a change; a new search, sort or page size goes back to page 1. Defaults are left out of the URL. */
export const patchListParams = (params: URLSearchParams, patch: ListParamsPatch, prefix = ''): URLSearchParams => {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null, isDefault: boolean) => {
    const key = prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name;
    if (value === null || value === '' || isDefault) next.delete(key);
    else next.set(key, value);
  };
  if (patch.search !== undefined) set('search', patch.search.trim(), false);
  if (patch.sort !== undefined) set('sort', patch.sort, false);
  if (patch.limit !== undefined) set('limit', String(patch.limit), patch.limit === LIST_LIMIT_DEFAULT);
  const resetsPage = patch.search !== undefined || patch.sort !== undefined || patch.limit !== undefined;
  const page = patch.page ?? (resetsPage ? 1 : undefined);
  if (page !== undefined) set('page', String(page), page === 1);
  return next;
};

/** Table state (page, limit, search, sort) kept in the URL, so links and the back button keep it. */
export const useListParams = (defaultSort?: string, prefix = '') => {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams, defaultSort, prefix), [searchParams, defaultSort, prefix]);
  // The URL as last set here: the grid may announce two changes before the next render.
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const update = useCallback(
    // Page and sort changes are history entries (the back button returns to them); typing a search is not.
    // A change that leaves the URL as it is (the grid re-announcing the current page) adds no entry.
    (patch: ListParamsPatch, options?: { replace?: boolean }) => {
      const next = patchListParams(latest.current, patch, prefix);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setSearchParams(next, { replace: options?.replace ?? patch.search !== undefined });
    },
    [setSearchParams, prefix],
  );
  return { ...params, update, searchParams };
};

/**
 * List filters kept in the URL beside the table state: reading them, and setting one (empty removes it),
 * which goes back to page 1 without a history entry.
 */
export const useUrlFilters = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const setFilter = useCallback(
    (key: string, value: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return { searchParams, setFilter };
};
