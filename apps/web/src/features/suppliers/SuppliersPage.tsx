import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ZSupplierInput, type TSupplier } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { suppliersApi } from './api';
import { CONTACT_FIELDS, CONTACT_TRANSFER_COLUMNS, contactColumns } from './contact';

export const SuppliersPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<TSupplier>[]>(
    () => [
      ...contactColumns<TSupplier>(t),
      { field: 'articleCount', headerName: t('fields.articleCount'), type: 'number', width: 110, sortable: false },
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
      transferColumns={CONTACT_TRANSFER_COLUMNS}
    />
  );
};
