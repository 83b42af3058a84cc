import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { APP_TYPES, ZUserCreate, ZUserUpdate, type TUser } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { formatDate } from '../../components/format';
import { roleRef, usersApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text', required: true, half: true },
  { name: 'email', labelKey: 'fields.email', kind: 'email', required: true, half: true },
  { name: 'roleId', labelKey: 'fields.role', kind: 'select', required: true, half: true, reference: roleRef },
  {
    name: 'App_Type',
    labelKey: 'fields.appType',
    kind: 'select',
    required: true,
    half: true,
    options: APP_TYPES.map((type) => ({ value: type, labelKey: `users.appTypes.${type}` })),
  },
  { name: 'password', labelKey: 'fields.password', kind: 'password', required: true, half: true, only: 'create' },
  {
    name: 'confirmation',
    labelKey: 'fields.passwordConfirmation',
    kind: 'password',
    required: true,
    half: true,
    only: 'create',
  },
  { name: 'disabled', labelKey: 'fields.disabled', kind: 'checkbox', only: 'edit' },
];
const NEW_USER = { App_Type: 'Web' };

export const UsersPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const columns = useMemo<ResourceColumn<TUser>[]>(
    () => [
      { field: 'name', card: 'primary', headerName: t('fields.name'), flex: 1, minWidth: 160 },
      { field: 'email', card: 'secondary', headerName: t('fields.email'), flex: 1.2, minWidth: 200 },
      { field: 'roleName', hideBelow: 'md', card: 'secondary', headerName: t('fields.role'), flex: 0.8, minWidth: 140 },
      {
        field: 'App_Type',
        hideBelow: 'lg',
        headerName: t('fields.appType'),
        width: 120,
        valueFormatter: (value: string) => t(`users.appTypes.${value}`),
      },
      {
        field: 'disabled',
        card: 'status',
        headerName: t('fields.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) =>
          row.disabled ? (
            <Chip size="small" label={t('users.disabled')} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('users.active')} />
          ),
      },
      {
        field: 'createdAt',
        hideBelow: 'xl',
        headerName: t('fields.createdAt'),
        width: 130,
        valueFormatter: (value: string) => formatDate(value, language),
      },
    ],
    [t, language],
  );
  return (
    <CrudPage
      domain="users"
      resource="users"
      api={usersApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZUserCreate}
      updateSchema={ZUserUpdate}
      newValues={NEW_USER}
      defaultSort="name:asc"
      createdKey="messages.userCreated"
      deleteKey="actions.disable"
    />
  );
};
