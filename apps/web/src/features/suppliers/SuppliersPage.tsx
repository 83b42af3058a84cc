import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZSupplierInput, type TSupplier } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { suppliersApi } from './api';
import { CONTACT_FIELDS, contactColumns } from './contact';
import type { ResourceColumn } from '../../components/resource-columns';

export const SuppliersPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TSupplier>[]>(
    () => [
      ...contactColumns<TSupplier>(t),
      {
        field: 'articleCount',
        hideBelow: 'lg',
        headerName: t('fields.articleCount'),
        type: 'number',
        width: 110,
        sortable: false,
      },
    ],
    [t],
  );
  return (
    <CrudPage
      domain="suppliers"
      resource="suppliers"
      api={suppliersApi}
      columns={columns}
      fields={CONTACT_FIELDS}
      createSchema={ZSupplierInput}
      defaultSort="name:asc"
      detailPath={(row) => `/admin/suppliers/${row.id}`}
      transferMatch="name"
    />
  );
};
