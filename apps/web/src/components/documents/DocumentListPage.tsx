import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FilterSelect, type FilterOption } from '../FilterSelect';
import { PageHeader } from '../PageHeader';
import { ReferenceSelect, type ReferenceSelectProps } from '../ReferenceSelect';
import type { ResourceColumn } from '../resource-columns';
import { ResourceTable, type ResourceTableProps } from '../ResourceTable';
import { useUrlFilters } from '../use-list-params';

/** A filter above a document list, kept in the URL under `param`: a fixed choice, or a record searched by name. */
export type ListFilter = { param: string; label: string; allLabel: string; width: number } & (
  | { options: readonly FilterOption[] }
  | { source: ReferenceSelectProps['source'] }
);

/** The status filter of a type whose texts are under `texts` (`invoices.statuses.…`, `invoices.allStatuses`). */
export const statusFilter = (t: TFunction, texts: string, statuses: readonly string[], width = 200): ListFilter => ({
  param: 'status',
  label: t('fields.status'),
  allLabel: t(`${texts}.allStatuses`),
  options: statuses.map((s) => ({ value: s, label: t(`${texts}.statuses.${s}`) })),
  width,
});

/**
 * A document type's list (`/admin/invoices`…): title, subtitle and "New" from the type's texts, its filters in the
 * URL, and the table whose rows open `path/:id`.
 */
export const DocumentListPage = <T extends GridValidRowModel & { id: number }>({
  texts,
  path,
  canCreate,
  filters,
  columns,
  useList,
  defaultSort,
  searchLabel,
  children,
}: {
  /** The key of the type's texts: `title`, `subtitle`, `new`, `empty`, `count`. */
  texts: string;
  path: string;
  canCreate: boolean;
  filters: readonly ListFilter[];
  columns: ResourceColumn<T>[];
  useList: ResourceTableProps<T>['useList'];
  defaultSort: string;
  searchLabel?: string;
  /** Shown under the table. */
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const { searchParams, setFilter } = useUrlFilters();
  const values = filters.map((f) => searchParams.get(f.param) ?? '');
  // One query object per set of values, not per render (the table refetches when it changes).
  const key = JSON.stringify(filters.map((f, i) => [f.param, values[i] || null]));
  const query = useMemo(
    () =>
      Object.fromEntries((JSON.parse(key) as [string, string | null][]).map(([param, v]) => [param, v ?? undefined])),
    [key],
  );
  return (
    <Box>
      <PageHeader
        title={t(`${texts}.title`)}
        subtitle={t(`${texts}.subtitle`)}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${path}/new`}>
              {t(`${texts}.new`)}
            </Button>
          )
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        {filters.map((f, i) =>
          'options' in f ? (
            <FilterSelect
              key={f.param}
              label={f.label}
              allLabel={f.allLabel}
              value={values[i]!}
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
              value={values[i]!}
              width={f.width}
              onChange={(v) => setFilter(f.param, v)}
            />
          ),
        )}
      </Stack>
      <ResourceTable<T>
        label={t(`${texts}.title`)}
        columns={columns}
        useList={useList}
        filters={query}
        defaultSort={defaultSort}
        emptyText={t(`${texts}.empty`)}
        countKey={`${texts}.count`}
        detailPath={(row) => `${path}/${row.id}`}
        searchLabel={searchLabel}
      />
      {children}
    </Box>
  );
};
