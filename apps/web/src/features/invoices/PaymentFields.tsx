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
import type { TFunction } from 'i18next';
import { ZInvoicePaymentInput } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { DateField } from '../../components/DateField';
import { contractErrors, type DraftErrors } from '../../components/documents/lines';
import { fieldErrorKey } from '../../components/form-errors';
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

/** The server's words on some fields of a payment it refused, in the user's language. */
export type PaymentMessages = Partial<Record<keyof PaymentDraft, string>>;

// The request fields of a payment, an invoice's payment and a refund, by the field that types them.
const FIELD_OF: Record<string, keyof PaymentDraft> = {
  paymentDate: 'paymentDate',
  refundDate: 'paymentDate',
  amount: 'amount',
  paymentModeId: 'paymentModeId',
  reference: 'reference',
};

/**
 * Where a refused payment's problem is said: on the field it concerns (a field the server refused; with
 * `amountOverpays`, the amount when it is more than what is left to pay or on account), else above the fields.
 */
export const placePaymentProblem = (
  error: unknown,
  t: TFunction,
  amountOverpays = true,
): { fields: PaymentMessages; problem: string | null } => {
  if (isQueryError(error)) {
    if (amountOverpays && error.problem.code === 'overpayment')
      return { fields: { amount: problemMessage(error, t) }, problem: null };
    const fields: PaymentMessages = {};
    for (const fieldError of error.problem.errors ?? []) {
      const field = FIELD_OF[fieldError.field];
      const key = fieldErrorKey(fieldError);
      if (field && key) fields[field] ??= t(key, { ...fieldError.params });
    }
    if (Object.keys(fields).length) return { fields, problem: null };
  }
  return { fields: {}, problem: problemMessage(error, t) };
};

/**
 * A payment being typed: its fields, their errors (the checks here, and what the server said of them, each cleared
 * as soon as its field changes) and a problem that concerns no field. `amountOverpays`: the amount is what one
 * invoice or the account receives, so an overpayment is its error (not when it is spread over several invoices).
 */
export const usePaymentDraft = (initial: PaymentDraft | (() => PaymentDraft), amountOverpays = true) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [messages, setMessages] = useState<PaymentMessages>({});
  const [problem, setProblem] = useState<string | null>(null);
  const without = <T extends object>(all: T, changed: object): T =>
    Object.fromEntries(Object.entries(all).filter(([field]) => !(field in changed))) as T;
  return {
    draft,
    errors,
    messages,
    problem,
    change: (changes: Partial<PaymentDraft>) => {
      setDraft((current) => ({ ...current, ...changes }));
      setErrors((current) => without(current, changes));
      setMessages((current) => without(current, changes));
    },
    /** The checks before sending: true when the payment may be sent. */
    check: () => {
      const found = paymentErrors(draft);
      setErrors(found);
      setMessages({});
      setProblem(null);
      return Object.keys(found).length === 0;
    },
    /** The server refused it: its words go on their fields, or above them. */
    refused: (error: unknown) => {
      const placed = placePaymentProblem(error, t, amountOverpays);
      setMessages(placed.fields);
      setProblem(placed.problem);
    },
    reset: (next: PaymentDraft) => {
      setDraft(next);
      setErrors({});
      setMessages({});
      setProblem(null);
    },
  };
};

/** The fields of a payment received (an invoice's payment dialog, the invoice payment screen). */
export const PaymentFields = ({
  draft,
  onChange,
  errors,
  messages = {},
  dateLabel,
}: {
  draft: PaymentDraft;
  onChange: (changes: Partial<PaymentDraft>) => void;
  errors: DraftErrors;
  /** What the server said of some fields. */
  messages?: PaymentMessages;
  /** The date's label when the money goes the other way (a refund). */
  dateLabel?: string;
}) => {
  const { t } = useTranslation();
  const error = (field: keyof PaymentDraft) => {
    const text = errors[field] ? t(errors[field]) : messages[field];
    return { error: Boolean(text), helperText: text };
  };
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
  const { draft, errors, messages, problem, change, check, refused } = usePaymentDraft(initial);
  const send = async () => {
    if (!check()) return;
    try {
      await submit(paymentBody(draft));
      onClose();
    } catch (error) {
      refused(error);
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
        <PaymentFields draft={draft} errors={errors} messages={messages} dateLabel={dateLabel} onChange={change} />
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
