import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import type { TLot } from '@tagstock/contract';
import type { FieldDef } from '../../components/ResourceForm';

export const SOON_DAYS = 7;

export const LOT_FIELDS: readonly FieldDef[] = [
  { name: 'lotNumber', labelKey: 'fields.lotNumber', kind: 'text', required: true },
  { name: 'quantity', labelKey: 'fields.quantity', kind: 'number', required: true, half: true },
  { name: 'expiryDate', labelKey: 'fields.expiryDate', kind: 'date', required: true, half: true },
];

/** Expired lots in red, lots expiring within a week in orange. */
export const ExpiryChip = ({ lot, t }: { lot: Pick<TLot, 'daysLeft'>; t: TFunction }) => {
  if (lot.daysLeft < 0) return <Chip size="small" color="error" label={t('dlc.expired')} />;
  if (lot.daysLeft <= SOON_DAYS)
    return <Chip size="small" color="warning" label={t('dlc.daysLeft', { count: lot.daysLeft })} />;
  return <Chip size="small" variant="outlined" label={t('dlc.daysLeft', { count: lot.daysLeft })} />;
};
