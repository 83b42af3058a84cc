import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ZRoleInput, type TRole } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { rolesApi } from '../users/api';

const FIELDS: readonly FieldDef[] = [{ name: 'name', labelKey: 'fields.name', kind: 'text', required: true }];

export const RolesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<TRole>[]>(
    () => [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 200 },
      {
        field: 'permissionCount',
        headerName: t('fields.permissionCount'),
        type: 'number',
        width: 140,
        sortable: false,
      },
      { field: 'userCount', headerName: t('fields.userCount'), type: 'number', width: 140, sortable: false },
    ],
    [t],
  );
  return (
    <CrudPage
      domain="roles"
      resource="roles"
      api={rolesApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZRoleInput}
      defaultSort="name:asc"
      detailPath={(row) => `/admin/roles/${row.id}`}
    />
  );
};
