import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZRoleInput, type TRole } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { rolesApi } from '../users/api';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [{ name: 'name', labelKey: 'fields.name', kind: 'text', required: true }];

export const RolesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TRole>[]>(
    () => [
      { field: 'name', card: 'primary', headerName: t('fields.name'), flex: 1, minWidth: 200 },
      {
        field: 'permissionCount',
        card: 'secondary',
        headerName: t('fields.permissionCount'),
        type: 'number',
        width: 140,
        sortable: false,
      },
      {
        field: 'userCount',
        card: 'secondary',
        headerName: t('fields.userCount'),
        type: 'number',
        width: 140,
        sortable: false,
      },
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
