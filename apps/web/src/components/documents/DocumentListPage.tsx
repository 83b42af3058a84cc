import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FilterBar, useFilterQuery, type ListFilter } from '../ListFilters';
import { PageHeader } from '../PageHeader';
import type { ResourceColumn } from '../resource-columns';
import { ResourceTable, type ResourceTableProps } from '../ResourceTable';
import { statusKeys } from './status-texts';

/** The status filter of a type whose texts are under `texts` (`invoices.statuses.…`, `invoices.allStatuses`). */
export const statusFilter = (t: TFunction, texts: string, statuses: readonly string[], width = 200): ListFilter => ({
  param: 'status',
  label: t('fields.status'),
  allLabel: t(`${texts}.allStatuses`),
  options: statuses.map((s) => ({ value: s, label: t(statusKeys(`${texts}.statuses`, s)) })),
  width,
});

/**
 * A list's column factory: `column(field, headerKey, more)` is a column headed by that text, a secondary line of a
 * phone's card, with `defaults` (the list's widths) and then `more`.
 */
export const listColumns =
  <T extends GridValidRowModel>(t: TFunction, defaults: Partial<ResourceColumn<T>> = {}) =>
  (field: string, header: string, more: Partial<ResourceColumn<T>> = {}): ResourceColumn<T> => ({
    field,
    headerName: t(header),
    card: 'secondary',
    ...defaults,
    ...more,
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
  const query = useFilterQuery(filters);
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
      <FilterBar filters={filters} />
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
