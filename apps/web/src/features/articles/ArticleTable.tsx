import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TArticle } from '@tagstock/contract';
import type { ListFilters } from '../../app/resource-api';
import { ResourceTable } from '../../components/ResourceTable';
import { articlesApi } from './api';
import { articleColumns } from './definitions';

/** A read-mostly article list (stock alerts, a supplier's articles): rows open the article page. */
export const ArticleTable = ({
  label,
  filters,
  defaultSort = 'reference:asc',
  emptyText,
  rowActions,
  omitColumns,
}: {
  label: string;
  filters: ListFilters;
  defaultSort?: string;
  emptyText: string;
  rowActions?: (row: TArticle) => ReactNode[];
  /** Columns a page makes redundant (a supplier's page: the supplier). */
  omitColumns?: readonly string[];
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const columns = useMemo(
    () => articleColumns(t, language).filter((c) => !omitColumns?.includes(c.field)),
    [t, language, omitColumns],
  );
  return (
    <ResourceTable<TArticle>
      label={label}
      columns={columns}
      useList={articlesApi.useList}
      filters={filters}
      defaultSort={defaultSort}
      emptyText={emptyText}
      countKey="articles.count"
      rowActions={rowActions}
      detailPath={(row) => `/admin/articles/${row.id}`}
    />
  );
};
