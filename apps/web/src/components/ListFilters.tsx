import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { FilterSelect, type FilterOption } from './FilterSelect';
import { ReferenceSelect, type ReferenceSelectProps } from './ReferenceSelect';
import { useUrlFilters } from './use-list-params';

/** A filter above a list, kept in the URL under `param`: a fixed choice, or a record searched by name. */
export type ListFilter = { param: string; label: string; allLabel: string; width: number } & (
  | { options: readonly FilterOption[] }
  | { source: ReferenceSelectProps['source'] }
);

/** The filters' values in the URL as the list's query: one object per set of values, not per render. */
export const useFilterQuery = (filters: readonly ListFilter[]) => {
  const { searchParams } = useUrlFilters();
  const key = JSON.stringify(filters.map((f) => [f.param, searchParams.get(f.param) || null]));
  return useMemo(
    () =>
      Object.fromEntries((JSON.parse(key) as [string, string | null][]).map(([param, v]) => [param, v ?? undefined])),
    [key],
  );
};

/** The filters of a list in a row; choosing one sets it in the URL (and goes back to page 1). */
export const FilterBar = ({ filters }: { filters: readonly ListFilter[] }) => {
  const { searchParams, setFilter } = useUrlFilters();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
    >
      {filters.map((f) => {
        const value = searchParams.get(f.param) ?? '';
        return 'options' in f ? (
          <FilterSelect
            key={f.param}
            label={f.label}
            allLabel={f.allLabel}
            value={value}
            options={f.options}
            width={f.width}
            onChange={(v) => setFilter(f.param, v)}
          />
        ) : (
          <ReferenceSelect
            key={f.param}
            source={f.source}
            size="small"
            label={f.label}
            emptyLabel={f.allLabel}
            value={value}
            width={f.width}
            onChange={(v) => setFilter(f.param, v)}
          />
        );
      })}
    </Stack>
  );
};
