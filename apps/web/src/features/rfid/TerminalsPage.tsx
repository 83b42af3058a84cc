import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZTerminalInput, type TTerminal, type TTerminalInput } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { formatDateTime } from '../../components/format';
import { useHasPermission } from '../../components/use-permission';
import { userRef } from '../users/api';
import { terminalsApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  { name: 'model', labelKey: 'fields.model', kind: 'text', required: true, half: true },
  { name: 'imei', labelKey: 'fields.imei', kind: 'text', required: true, half: true },
  { name: 'manufacturer', labelKey: 'fields.manufacturer', kind: 'text', half: true },
  { name: 'userId', labelKey: 'fields.user', kind: 'select', reference: userRef, half: true },
];

/** The terminals' columns, shared by the tenant's screen and the platform's. */
export const useTerminalColumns = <R extends TTerminal>() => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<R>[]>(
    () => [
      { field: 'model', card: 'primary', headerName: t('fields.model'), flex: 1, minWidth: 160 },
      { field: 'imei', card: 'secondary', headerName: t('fields.imei'), width: 180 },
      { field: 'manufacturer', hideBelow: 'xl', headerName: t('fields.manufacturer'), width: 160, sortable: false },
      {
        field: 'userName',
        hideBelow: 'md',
        card: 'secondary',
        headerName: t('fields.user'),
        width: 170,
        valueFormatter: (v: string | null) => v ?? '—',
      },
      {
        field: 'lastSyncAt',
        hideBelow: 'lg',
        card: 'secondary',
        headerName: t('fields.lastSyncAt'),
        width: 190,
        valueFormatter: (value: string | null) => formatDateTime(value, language),
      },
    ],
    [t, language],
  );
};

export const TerminalsPage = () => {
  // The user select needs users.read to list its choices; without it the field is left out.
  const canReadUsers = useHasPermission('users.read');
  const fields = useMemo(() => (canReadUsers ? FIELDS : FIELDS.filter((f) => f.name !== 'userId')), [canReadUsers]);
  const columns = useTerminalColumns<TTerminal>();
  return (
    <CrudPage<TTerminal, TTerminalInput>
      domain="terminals"
      resource="terminals"
      api={terminalsApi}
      columns={columns}
      fields={fields}
      createSchema={ZTerminalInput}
      defaultSort="model:asc"
      nameOf={(row) => `${row.model} (${row.imei})`}
    />
  );
};
