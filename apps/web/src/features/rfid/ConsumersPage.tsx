import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSUMER_KINDS, ZConsumerInput, type TConsumer, type TConsumerInput } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { consumersApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

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
  const columns = useMemo<ResourceColumn<TConsumer>[]>(
    () => [
      { field: 'name', card: 'primary', headerName: t('fields.name'), flex: 1, minWidth: 180 },
      {
        field: 'kind',
        card: 'secondary',
        headerName: t('fields.consumerKind'),
        width: 120,
        valueFormatter: (value: string) => t(`consumers.kinds.${value}`),
      },
      {
        field: 'email',
        hideBelow: 'lg',
        card: 'secondary',
        headerName: t('fields.email'),
        flex: 1,
        minWidth: 180,
        sortable: false,
      },
      { field: 'phone', hideBelow: 'xl', headerName: t('fields.phone'), width: 150, sortable: false },
      {
        field: 'attributionCount',
        hideBelow: 'md',
        card: 'secondary',
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
