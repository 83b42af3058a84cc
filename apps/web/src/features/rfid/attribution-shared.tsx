import Chip from '@mui/material/Chip';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatDate } from '../../components/format';
import type { FieldDef } from '../../components/ResourceForm';
import { consumerRef } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

type Holder = {
  consumerName: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
  active: boolean;
};

/** Who holds it: a consumer, or a location. */
export const HOLDER_FIELDS: readonly FieldDef[] = [
  { name: 'consumerId', labelKey: 'fields.consumer', kind: 'select', reference: consumerRef, half: true },
  { name: 'location', labelKey: 'fields.location', kind: 'text', half: true },
];

export const PERIOD_FIELDS: readonly FieldDef[] = [
  { name: 'startDate', labelKey: 'fields.startDate', kind: 'date', required: true, half: true },
  { name: 'endDate', labelKey: 'fields.endDate', kind: 'date', half: true },
  { name: 'note', labelKey: 'fields.note', kind: 'textarea' },
];

export const todayIso = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
};

export const holderColumns = <T extends GridValidRowModel & Holder>(t: TFunction): ResourceColumn<T>[] => [
  {
    field: 'consumerName',
    card: 'secondary',
    headerName: t('fields.consumer'),
    flex: 1,
    minWidth: 170,
    valueGetter: (_value, row) => row.consumerName ?? row.location ?? '—',
  },
];

export const periodColumns = <T extends GridValidRowModel & Holder>(
  t: TFunction,
  language: string,
): ResourceColumn<T>[] => [
  {
    field: 'startDate',
    hideBelow: 'md',
    card: 'secondary',
    headerName: t('fields.startDate'),
    width: 130,
    valueFormatter: (value: string) => formatDate(value, language),
  },
  {
    field: 'endDate',
    hideBelow: 'lg',
    card: 'secondary',
    headerName: t('fields.endDate'),
    width: 130,
    valueFormatter: (value: string | null) => formatDate(value, language),
  },
  {
    field: 'active',
    card: 'status',
    headerName: t('fields.active'),
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        variant="outlined"
        color={row.active ? 'success' : 'default'}
        label={t(row.active ? 'tags.yes' : 'tags.no')}
      />
    ),
  },
];
