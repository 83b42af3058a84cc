import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import PaymentIcon from '@mui/icons-material/PaymentsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TInvoice, TInvoicePayment } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { formatDate, formatMoney, toDecimalInput } from '../../components/format';
import { Section } from '../../components/Section';
import { paymentModesApi } from '../paymentModes/api';
import { todayIso } from '../rfid/attribution-shared';
import { useInvoicePaymentsQuery, usePayInvoiceMutation } from './api';
import { paymentModeFor } from './payment-mode';
import { PaymentDialog } from './PaymentFields';

/**
 * Records a payment of one invoice: its amount starts at what is left to pay, its mode at the invoice's (or the
 * mode that pays as the invoice's means of payment says).
 */
const InvoicePaymentDialog = ({
  invoice,
  paymentModeId,
  onClose,
}: {
  invoice: TInvoice;
  paymentModeId: string;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [pay, { isLoading }] = usePayInvoiceMutation();
  return (
    <PaymentDialog
      title={t('invoices.payments.dialogTitle', { number: invoice.number ?? '' })}
      help={t('invoices.payments.left', { amount: formatMoney(invoice.amountDue, language) })}
      initial={{
        paymentDate: todayIso(),
        amount: toDecimalInput(invoice.amountDue, language),
        paymentModeId,
        reference: '',
      }}
      submitLabel={t('invoices.payments.record')}
      busy={isLoading}
      submit={async (body) => {
        await pay({ id: invoice.id, body }).unwrap();
        toast.success(t('invoices.payments.recorded'));
      }}
      onClose={onClose}
    />
  );
};

/** An issued invoice's payments (SPEC `invoiceLog`), and recording one more while something is left to pay. */
export const PaymentsSection = ({ invoice, canWrite }: { invoice: TInvoice; canWrite: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState(false);
  const { data: payments } = useInvoicePaymentsQuery(invoice.id);
  const canPay = canWrite && invoice.status === 'issued' && /[1-9]/.test(invoice.amountDue);
  // Loaded before the dialog opens: the mode that pays as the invoice's means of payment, when it names no mode.
  const { data: modes } = paymentModesApi.useList(
    { page: 1, limit: 100, active: 'true', sort: 'label:asc' },
    { skip: !canPay || invoice.paymentModeId !== null },
  );
  // What a credit note gave back on the customer's account is the credit note's doing, not a payment by its mode.
  const creditNote = (p: TInvoicePayment) =>
    p.creditNoteNumber && (
      <Link component={RouterLink} to={`/admin/creditNotes/${p.creditNoteId}`} data-testid="payment-credit-note">
        {t('invoices.payments.creditNote', { number: p.creditNoteNumber })}
      </Link>
    );
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
    { key: 'mode', header: t('invoices.paymentMode'), cell: (p) => creditNote(p) || p.paymentModeLabel },
    {
      key: 'reference',
      header: t('invoicePayments.reference'),
      cell: (p) =>
        p.creditNoteNumber
          ? t(p.reference ? 'invoices.payments.releasedFrom' : 'invoices.payments.released', {
              reference: p.reference,
            })
          : [
              p.reference,
              p.paymentAmount !== p.amount
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
      {canPay && open && (
        <InvoicePaymentDialog
          invoice={invoice}
          paymentModeId={paymentModeFor(invoice, modes?.items)}
          onClose={() => setOpen(false)}
        />
      )}
    </Section>
  );
};
