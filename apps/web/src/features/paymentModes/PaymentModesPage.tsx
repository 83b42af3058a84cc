import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ZPaymentModeInput, type TPaymentMode } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import type { ResourceColumn } from '../../components/resource-columns';
import { paymentModesApi } from './api';

const FIELDS: readonly FieldDef[] = [
  { name: 'label', labelKey: 'fields.label', kind: 'text', required: true },
  { name: 'code', labelKey: 'fields.paymentMeansCode', kind: 'text' },
  { name: 'active', labelKey: 'paymentModes.activeField', kind: 'checkbox' },
];
const NEW_MODE = { active: true };

/** `/admin/paymentModes` (SPEC state group `mode`): how the tenant pays its suppliers and is paid. */
export const PaymentModesPage = () => {
  const { t } = useTranslation();
  const columns = useMemo<ResourceColumn<TPaymentMode>[]>(
    () => [
      { field: 'label', card: 'primary', headerName: t('fields.label'), flex: 1, minWidth: 200 },
      {
        field: 'code',
        card: 'secondary',
        headerName: t('fields.paymentMeansCode'),
        width: 220,
        valueFormatter: (value: string | null) => value ?? '',
      },
      {
        field: 'active',
        card: 'status',
        headerName: t('paymentModes.activeField'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.active ? 'success' : 'default'}
            label={t(row.active ? 'paymentModes.active' : 'paymentModes.inactive')}
          />
        ),
      },
    ],
    [t],
  );
  return (
    <CrudPage
      domain="paymentModes"
      resource="paymentModes"
      api={paymentModesApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZPaymentModeInput}
      newValues={NEW_MODE}
      defaultSort="label:asc"
      // Sent orders cannot be edited: a mode in use is switched off, not freed.
      usedByKey="paymentModes.usedBy"
    />
  );
};
