import { useMemo } from 'react';
import type { ListFilters, ResourceApi } from '../app/resource-api';

export type SelectOption = { value: string; label: string };

/** What a search-as-you-type select asks of the resource it picks from. */
export type ReferenceSource = {
  /** One page of matches for the typed text (the list endpoint's `search` and `limit`). */
  useSearch: (
    args: { search: string; limit: number },
    skip: boolean,
  ) => { options: SelectOption[]; total: number; isFetching: boolean; isError: boolean };
  /** The label of one record, for a current value that is not among the loaded matches. */
  useLabel: (id: string, skip: boolean) => string | undefined;
};

type Listable<T> = Pick<ResourceApi<T, never, never>, 'useList' | 'useGet'>;

/**
 * A reference to a CRUD resource: matches come from its list endpoint, a current value's label from its item
 * endpoint. `filters` narrow the list on the server (e.g. a reason's kind); `keep` narrows the matches on the
 * client when the list has no filter for it.
 */
export const referenceOf = <T extends { id: number }>(
  api: Listable<T>,
  label: (item: T) => string,
  sort: string,
  keep?: (item: T) => boolean,
  filters?: ListFilters,
): ReferenceSource => ({
  useSearch: ({ search, limit }, skip) => {
    const { data, isFetching, isError } = api.useList(
      { ...filters, page: 1, limit, search: search || undefined, sort },
      { skip },
    );
    const options = useMemo(
      () =>
        (data?.items ?? [])
          .filter((item) => !keep || keep(item))
          .map((item) => ({ value: String(item.id), label: label(item) })),
      [data],
    );
    return { options, total: data?.total ?? 0, isFetching, isError };
  },
  useLabel: (id, skip) => {
    const numeric = Number(id);
    const { data } = api.useGet(numeric, { skip: skip || !Number.isSafeInteger(numeric) || numeric <= 0 });
    return data ? label(data) : undefined;
  },
});
