import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import PaymentIcon from '@mui/icons-material/PaymentsOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TInvoice, TInvoicePayment } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import type { DraftErrors } from '../../components/documents/lines';
import { formatDate, formatMoney, toDecimalInput } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { Section } from '../../components/Section';
import { todayIso } from '../rfid/attribution-shared';
import { useInvoicePaymentsQuery, usePayInvoiceMutation } from './api';
import { paymentBody, paymentErrors, PaymentFields, type PaymentDraft } from './PaymentFields';

/** Records a payment of one invoice: its amount starts at what is left to pay. */
const PaymentDialog = ({ invoice, open, onClose }: { invoice: TInvoice; open: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const fresh = (): PaymentDraft => ({
    paymentDate: todayIso(),
    amount: toDecimalInput(invoice.amountDue, language),
    paymentModeId: invoice.paymentModeId === null ? '' : String(invoice.paymentModeId),
    reference: '',
  });
  const [draft, setDraft] = useState(fresh);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pay, { isLoading }] = usePayInvoiceMutation();
  // Each opening starts again from what is left to pay now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft(fresh());
      setErrors({});
      setProblem(null);
    }
  }
  const submit = async () => {
    const found = paymentErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await pay({ id: invoice.id, body: paymentBody(draft) }).unwrap();
      toast.success(t('invoices.payments.recorded'));
      onClose();
    } catch (error) {
      setProblem(problemMessage(error, t));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payment-title">
      <DialogTitle id="payment-title">
        {t('invoices.payments.dialogTitle', { number: invoice.number ?? '' })}
      </DialogTitle>
      <DialogContent dividers>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('invoices.payments.left', { amount: formatMoney(invoice.amountDue, language) })}
        </Alert>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-problem">
            {problem}
          </Alert>
        )}
        <PaymentFields draft={draft} errors={errors} onChange={(changes) => setDraft({ ...draft, ...changes })} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {t('invoices.payments.record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** An issued invoice's payments (SPEC `invoiceLog`), and recording one more while something is left to pay. */
export const PaymentsSection = ({ invoice, canWrite }: { invoice: TInvoice; canWrite: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState(false);
  const { data: payments } = useInvoicePaymentsQuery(invoice.id);
  const canPay = canWrite && invoice.status === 'issued' && /[1-9]/.test(invoice.amountDue);
  const columns: DetailColumn<TInvoicePayment>[] = [
    {
      key: 'date',
      header: t('fields.date'),
      primary: true,
      cell: (p) => formatDate(p.paymentDate, language),
      sx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'amount',
      header: t('invoicePayments.amount'),
      align: 'right',
      cell: (p) => formatMoney(p.amount, language),
    },
    { key: 'mode', header: t('invoices.paymentMode'), cell: (p) => p.paymentModeLabel },
    {
      key: 'reference',
      header: t('invoicePayments.reference'),
      cell: (p) =>
        [
          p.reference,
          p.creditNoteNumber && t('invoices.payments.released', { number: p.creditNoteNumber }),
          !p.creditNoteNumber && p.paymentAmount !== p.amount
            ? t('invoices.payments.partOf', { amount: formatMoney(p.paymentAmount, language) })
            : null,
        ]
          .filter(Boolean)
          .join(' — ') || '—',
    },
    { key: 'user', header: t('fields.user'), cell: (p) => p.userName ?? '—' },
  ];
  return (
    <Section
      title={t('invoices.payments.title')}
      testId="invoice-payments"
      action={
        canPay && (
          <Button variant="outlined" size="small" startIcon={<PaymentIcon />} onClick={() => setOpen(true)}>
            {t('invoices.payments.record')}
          </Button>
        )
      }
    >
      <DetailTable
        label={t('invoices.payments.title')}
        testId="payments"
        columns={columns}
        rows={payments}
        rowKey={(p) => p.id}
        empty={t('invoices.payments.none')}
      />
      {canPay && <PaymentDialog invoice={invoice} open={open} onClose={() => setOpen(false)} />}
    </Section>
  );
};
