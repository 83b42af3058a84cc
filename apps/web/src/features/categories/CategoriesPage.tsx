import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ZCategoryInput, type TCategory } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { natureField } from '../articles/definitions';
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

// What its articles sell when they do not say (goods or a service); none: the company's supply kind.
const CATEGORY_FIELDS: readonly FieldDef[] = [...NAMED_FIELDS, natureField('categories.natureNone')];

export const CategoriesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TCategory>[]>(
    () => [
      ...namedColumns<TCategory>(t, { field: 'articleCount', headerName: t('fields.articleCount') }),
      {
        field: 'nature',
        hideBelow: 'md',
        headerName: t('articles.nature'),
        width: 150,
        sortable: false,
        valueFormatter: (nature: string | null) => (nature ? t(`articles.natures.${nature}`) : '—'),
      },
    ],
    [t],
  );
  return (
    <CrudPage
      domain="categories"
      resource="categories"
      api={categoriesApi}
      columns={columns}
      fields={CATEGORY_FIELDS}
      createSchema={ZCategoryInput}
      defaultSort="name:asc"
    />
  );
};
