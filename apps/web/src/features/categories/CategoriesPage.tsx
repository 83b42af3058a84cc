import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ZCategoryInput, type TCategory } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { categoriesApi } from './api';

export const NAMED_FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text', required: true },
  { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
];

export const CategoriesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<TCategory>[]>(
    () => [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 180 },
      { field: 'description', headerName: t('fields.description'), flex: 2, minWidth: 220, sortable: false },
      { field: 'articleCount', headerName: t('fields.articleCount'), type: 'number', width: 120, sortable: false },
    ],
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
