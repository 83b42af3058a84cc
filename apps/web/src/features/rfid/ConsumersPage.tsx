import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { CONSUMER_KINDS, ZConsumerInput, type TConsumer, type TConsumerInput } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { consumersApi } from './api';

const FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text', required: true, half: true },
  {
    name: 'kind',
    labelKey: 'fields.consumerKind',
    kind: 'select',
    required: true,
    half: true,
    options: CONSUMER_KINDS.map((k) => ({ value: k, labelKey: `consumers.kinds.${k}` })),
  },
  { name: 'email', labelKey: 'fields.email', kind: 'email', half: true },
  { name: 'phone', labelKey: 'fields.phone', kind: 'text', half: true },
  { name: 'note', labelKey: 'fields.note', kind: 'textarea' },
];

const NEW_CONSUMER = { kind: 'person' };

export const ConsumersPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<TConsumer>[]>(
    () => [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 180 },
      {
        field: 'kind',
        headerName: t('fields.consumerKind'),
        width: 120,
        valueFormatter: (value: string) => t(`consumers.kinds.${value}`),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 180, sortable: false },
      { field: 'phone', headerName: t('fields.phone'), width: 150, sortable: false },
      {
        field: 'attributionCount',
        headerName: t('fields.attributionCount'),
        type: 'number',
        width: 120,
        sortable: false,
      },
    ],
    [t],
  );
  return (
    <CrudPage<TConsumer, TConsumerInput>
      domain="consumers"
      resource="consumers"
      api={consumersApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZConsumerInput}
      defaultSort="name:asc"
      newValues={NEW_CONSUMER}
    />
  );
};
