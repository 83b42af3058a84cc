import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ZInvoicePaymentInput } from '@tagstock/contract';
import { DateField } from '../../components/DateField';
import { contractErrors, type DraftErrors } from '../../components/documents/lines';
import { problemMessage } from '../../components/notify';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { fromCents, toCents } from '../invoicePayments/allocation';
import { activePaymentModeRef } from '../purchaseOrders/api';

/** A payment received, as typed: its date, amount (with the user's separator), mode and reference. */
export type PaymentDraft = { paymentDate: string; amount: string; paymentModeId: string; reference: string };

/** The payment as the contract takes it (`ZInvoicePaymentInput`, also the head of `ZPaymentInput`). */
export const paymentBody = (draft: PaymentDraft) => {
  const cents = toCents(draft.amount);
  return {
    paymentDate: draft.paymentDate,
    amount: cents === null ? draft.amount : fromCents(cents),
    paymentModeId: draft.paymentModeId === '' ? Number.NaN : Number(draft.paymentModeId),
    reference: draft.reference.trim() || null,
  };
};

/** The contract's checks, and an amount in cents above zero: errors by field. */
export const paymentErrors = (draft: PaymentDraft): DraftErrors => {
  const errors = contractErrors(ZInvoicePaymentInput, paymentBody(draft), [], {
    paymentModeId: 'purchaseOrders.validation.selectPaymentMode',
  });
  const cents = toCents(draft.amount);
  if (cents === null) errors.amount = 'validation.invalidAmount';
  else if (cents === 0n) errors.amount = 'validation.greaterThanZero';
  return errors;
};

/** The fields of a payment received (an invoice's payment dialog, the invoice payment screen). */
export const PaymentFields = ({
  draft,
  onChange,
  errors,
  dateLabel,
}: {
  draft: PaymentDraft;
  onChange: (changes: Partial<PaymentDraft>) => void;
  errors: DraftErrors;
  /** The date's label when the money goes the other way (a refund). */
  dateLabel?: string;
}) => {
  const { t } = useTranslation();
  const error = (field: keyof PaymentDraft) => ({
    error: Boolean(errors[field]),
    helperText: errors[field] ? t(errors[field]) : undefined,
  });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateField
          fullWidth
          required
          label={dateLabel ?? t('invoicePayments.paymentDate')}
          value={draft.paymentDate}
          {...error('paymentDate')}
          onChange={(paymentDate) => onChange({ paymentDate })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          label={t('invoicePayments.amount')}
          value={draft.amount}
          {...error('amount')}
          onChange={(e) => onChange({ amount: e.target.value })}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceSelect
          source={activePaymentModeRef}
          label={t('invoices.paymentMode')}
          required
          value={draft.paymentModeId}
          {...error('paymentModeId')}
          onChange={(paymentModeId) => onChange({ paymentModeId })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t('invoicePayments.reference')}
          value={draft.reference}
          {...error('reference')}
          onChange={(e) => onChange({ reference: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      </Grid>
    </Grid>
  );
};

/**
 * A dialog around the payment fields: money received on an invoice, or paid back from the account. The fields are
 * checked here; `submit` sends them (its error is shown in the dialog, which then stays open).
 */
export const PaymentDialog = ({
  title,
  help,
  initial,
  dateLabel,
  submitLabel,
  busy,
  submit,
  onClose,
}: {
  title: string;
  help: string;
  initial: PaymentDraft;
  dateLabel?: string;
  submitLabel: string;
  busy: boolean;
  submit: (body: ReturnType<typeof paymentBody>) => Promise<unknown>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const found = paymentErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setProblem(null);
    try {
      await submit(paymentBody(draft));
      onClose();
    } catch (error) {
      setProblem(problemMessage(error, t));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payment-title">
      <DialogTitle id="payment-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 2 }}>
          {help}
        </Alert>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-problem">
            {problem}
          </Alert>
        )}
        <PaymentFields
          draft={draft}
          errors={errors}
          dateLabel={dateLabel}
          onChange={(changes) => setDraft({ ...draft, ...changes })}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void send()}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
