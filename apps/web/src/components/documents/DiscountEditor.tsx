import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DISCOUNT_TYPES, type TDocumentDiscount } from '@tagstock/contract';
import { formatMoney, formatRate, fromDecimalInput, toDecimalInput } from '../format';

/** A document discount as typed: no discount (''), a percentage or an amount excluding tax, the value as typed. */
export type DiscountDraft = { type: '' | (typeof DISCOUNT_TYPES)[number]; value: string };

export const noDiscount = (): DiscountDraft => ({ type: '', value: '' });

/** A saved discount as the editor shows it (the user's decimal separator). */
export const discountDraftOf = (discount: TDocumentDiscount, language: string): DiscountDraft =>
  discount ? { type: discount.type, value: toDecimalInput(discount.value, language, 0) } : noDiscount();

/** A document discount as read: "10 %" or "25,00 €"; "—" without. */
export const discountText = (discount: TDocumentDiscount, language: string) =>
  !discount
    ? '—'
    : discount.type === 'percent'
      ? formatRate(discount.value, language)
      : formatMoney(discount.value, language);

/** The discount as the contract takes it (none when no type is chosen). */
export const discountBody = (draft: DiscountDraft) =>
  draft.type === '' ? null : { type: draft.type, value: fromDecimalInput(draft.value) };

/**
 * The discount on a whole sales document (SPEC §3: a percentage or an amount), taken off before VAT: its kind,
 * then its value. `error` is the translation key of the value's error.
 */
export const DiscountEditor = ({
  value,
  onChange,
  error,
}: {
  value: DiscountDraft;
  onChange: (value: DiscountDraft) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          label={t('documents.discount.type')}
          value={value.type}
          onChange={(e) => onChange({ type: e.target.value as DiscountDraft['type'], value: value.value })}
        >
          <MenuItem value="">{t('documents.discount.none')}</MenuItem>
          {DISCOUNT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`documents.discount.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {value.type !== '' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            required
            label={t('documents.discount.value')}
            value={value.value}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
            onChange={(e) => onChange({ type: value.type, value: e.target.value })}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: {
                endAdornment: <InputAdornment position="end">{value.type === 'percent' ? '%' : '€'}</InputAdornment>,
              },
            }}
          />
        </Grid>
      )}
    </Grid>
  );
};

/** The discount the totals preview can take now: none while its value is not a valid amount yet. */
export const previewDiscount = (draft: DiscountDraft) => {
  const body = discountBody(draft);
  return body && /^\d{1,10}(\.\d{1,2})?$/.test(body.value) ? body : null;
};
