import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ZCategoryInput, type TCategory } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { categoriesApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

export const NAMED_FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text', required: true },
  { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
];

/** The name and description columns of a named record (categories, customer groups), then its count column. */
export const namedColumns = <T extends { name: string; description: string | null }>(
  t: TFunction,
  count: ResourceColumn<T>,
): ResourceColumn<T>[] => [
  { field: 'name', card: 'primary', headerName: t('fields.name'), flex: 1, minWidth: 180 },
  {
    field: 'description',
    hideBelow: 'md',
    card: 'secondary',
    headerName: t('fields.description'),
    flex: 2,
    minWidth: 220,
    sortable: false,
  },
  { card: 'secondary', type: 'number', width: 120, sortable: false, ...count },
];

export const CategoriesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TCategory>[]>(
    () => namedColumns<TCategory>(t, { field: 'articleCount', headerName: t('fields.articleCount') }),
    [t],
  );
  return (
    <CrudPage
      domain="categories"
      resource="categories"
      api={categoriesApi}
      columns={columns}
      fields={NAMED_FIELDS}
      createSchema={ZCategoryInput}
      defaultSort="name:asc"
    />
  );
};
