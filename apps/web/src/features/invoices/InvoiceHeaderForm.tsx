import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  BILLING_MODES,
  PAYMENT_TERM_DAYS,
  PAYMENT_TYPES,
  type TBillingMode,
  type TPaymentType,
} from '@tagstock/contract';
import { DateField } from '../../components/DateField';
import { DiscountEditor } from '../../components/documents/DiscountEditor';
import type { DraftErrors } from '../../components/documents/lines';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { customerRef } from '../customers/api';
import { activePaymentModeRef } from '../purchaseOrders/api';
import type { InvoiceHeader } from './draft';

/** The header of a draft invoice: customer, dates, terms and means of payment, delivery, discount, notes. */
export const InvoiceHeaderForm = ({
  header,
  setHeader,
  errors,
  derivedBillingMode,
}: {
  header: InvoiceHeader;
  setHeader: (changes: Partial<InvoiceHeader>) => void;
  errors: DraftErrors;
  /** The billing mode the saved lines give when none is chosen. */
  derivedBillingMode?: TBillingMode | null;
}) => {
  const { t } = useTranslation();
  const fieldError = (field: keyof InvoiceHeader) => ({
    error: Boolean(errors[field]),
    helperText: errors[field] ? t(errors[field]) : undefined,
  });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <ReferenceSelect
          source={customerRef}
          label={t('fields.customer')}
          required
          value={header.customerId}
          {...fieldError('customerId')}
          onChange={(customerId) => setHeader({ customerId })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateField
          fullWidth
          required
          label={t('invoices.invoiceDate')}
          value={header.invoiceDate}
          {...fieldError('invoiceDate')}
          helperText={fieldError('invoiceDate').helperText ?? t('invoices.invoiceDateHelp')}
          onChange={(invoiceDate) => setHeader({ invoiceDate })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateField
          fullWidth
          label={t('invoices.billingDate')}
          value={header.billingDate}
          {...fieldError('billingDate')}
          onChange={(billingDate) => setHeader({ billingDate })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateField
          fullWidth
          label={t('invoices.orderDate')}
          value={header.orderDate}
          {...fieldError('orderDate')}
          onChange={(orderDate) => setHeader({ orderDate })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          select
          fullWidth
          label={t('invoices.paymentTerm')}
          value={header.paymentTermDays}
          onChange={(e) => setHeader({ paymentTermDays: Number(e.target.value) === 60 ? 60 : 30 })}
        >
          {PAYMENT_TERM_DAYS.map((days) => (
            <MenuItem key={days} value={days}>
              {t('invoices.paymentTermDays', { count: days })}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          select
          fullWidth
          label={t('invoices.paymentType')}
          value={header.paymentType}
          onChange={(e) => setHeader({ paymentType: e.target.value as TPaymentType })}
        >
          {PAYMENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`invoices.paymentTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <ReferenceSelect
          source={activePaymentModeRef}
          label={t('invoices.paymentMode')}
          value={header.paymentModeId}
          {...fieldError('paymentModeId')}
          helperText={fieldError('paymentModeId').helperText ?? t('invoices.paymentModeHelp')}
          onChange={(paymentModeId) => setHeader({ paymentModeId })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('invoices.deliveryAddress')}
          value={header.deliveryAddress}
          {...fieldError('deliveryAddress')}
          helperText={fieldError('deliveryAddress').helperText ?? t('invoices.deliveryAddressHelp')}
          onChange={(e) => setHeader({ deliveryAddress: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DiscountEditor
          value={header.discount}
          error={errors.discount}
          onChange={(discount) => setHeader({ discount })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label={t('invoices.billingMode')}
          value={header.billingMode}
          {...fieldError('billingMode')}
          helperText={
            fieldError('billingMode').helperText ??
            (header.billingMode === '' && derivedBillingMode
              ? t('invoices.billingModeDerived', { mode: t(`invoices.billingModes.${derivedBillingMode}`) })
              : undefined)
          }
          onChange={(e) => setHeader({ billingMode: e.target.value as TBillingMode | '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('invoices.billingModes.auto')}</MenuItem>
          {BILLING_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`invoices.billingModes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <TextField
          fullWidth
          multiline
          minRows={1}
          label={t('invoices.notes')}
          value={header.notes}
          {...fieldError('notes')}
          onChange={(e) => setHeader({ notes: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Grid>
    </Grid>
  );
};
