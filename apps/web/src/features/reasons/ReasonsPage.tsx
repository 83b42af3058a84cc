import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { REASON_KINDS, ZReasonInput, type TReason } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { reasonsApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  { name: 'label', labelKey: 'fields.label', kind: 'text', required: true },
  {
    name: 'kind',
    labelKey: 'fields.kind',
    kind: 'select',
    required: true,
    options: REASON_KINDS.map((kind) => ({ value: kind, labelKey: `reasons.kinds.${kind}` })),
  },
];
const NEW_REASON = { kind: 'both' };
const KIND_COLOR = { increment: 'success', decrement: 'warning', both: 'info' } as const;

export const ReasonsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TReason>[]>(
    () => [
      { field: 'label', card: 'primary', headerName: t('fields.label'), flex: 1, minWidth: 200 },
      {
        field: 'kind',
        card: 'status',
        headerName: t('fields.kind'),
        width: 180,
        renderCell: ({ row }) => (
          <Chip size="small" variant="outlined" color={KIND_COLOR[row.kind]} label={t(`reasons.kinds.${row.kind}`)} />
        ),
      },
    ],
    [t],
  );
  return (
    <CrudPage
      domain="reasons"
      resource="reasons"
      api={reasonsApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZReasonInput}
      newValues={NEW_REASON}
      defaultSort="label:asc"
    />
  );
};
