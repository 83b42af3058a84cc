import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TInvoiceSummary, TPayment } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { formatDate, formatMoney, toDecimalInput } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { Section } from '../../components/Section';
import { allocationsToSend, fromCents, toCents } from './allocation';
import { AllocationTable } from './AllocationTable';
import { PaymentDialog } from '../invoices/PaymentFields';
import { todayIso } from '../rfid/attribution-shared';
import { paymentsApi, useAllocatePaymentMutation, useRefundPaymentMutation } from './api';
import { useAllocations } from './use-allocations';

/** Allocates what a payment still has on account to the customer's unpaid invoices, prefilled oldest first. */
const AllocateDialog = ({
  payment,
  invoices,
  onClose,
}: {
  payment: TPayment;
  invoices: TInvoiceSummary[] | undefined;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const available = toCents(payment.unallocated);
  const allocations = useAllocations(invoices, available, language);
  const [filled, setFilled] = useState(false);
  if (!filled && invoices) {
    setFilled(true);
    allocations.fill(available);
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [allocate, { isLoading }] = useAllocatePaymentMutation();
  const over = allocations.check.onAccount !== null && allocations.check.onAccount < 0n;
  const sent = allocationsToSend(allocations.typed);
  const submit = async () => {
    setProblem(null);
    try {
      await allocate({ id: payment.id, body: { allocations: sent } }).unwrap();
      toast.success(t('invoicePayments.allocatedDone'));
      onClose();
    } catch (error) {
      setProblem(problemMessage(error, t));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="allocate-title">
      <DialogTitle id="allocate-title">
        {t('invoicePayments.allocateTitle', {
          amount: formatMoney(payment.unallocated, language),
          date: formatDate(payment.paymentDate, language),
        })}
      </DialogTitle>
      <DialogContent dividers>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <AllocationTable
          invoices={invoices}
          allocations={{ typed: allocations.typed, onChange: allocations.onChange }}
          check={allocations.check}
          testId="allocate-invoices"
        />
        {over && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('invoicePayments.overAllocated')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={isLoading || over || allocations.check.errors.size > 0 || sent.length === 0}
          onClick={() => void submit()}
        >
          {t('invoicePayments.allocate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Pays back to the customer some of what a payment has on account (all of it, to start with). */
const RefundDialog = ({ payment, onClose }: { payment: TPayment; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [refund, { isLoading }] = useRefundPaymentMutation();
  return (
    <PaymentDialog
      title={t('invoicePayments.refundTitle', {
        amount: formatMoney(payment.unallocated, language),
        date: formatDate(payment.paymentDate, language),
      })}
      help={t('invoicePayments.refundHelp', { customer: payment.customerName })}
      initial={{
        paymentDate: todayIso(),
        amount: toDecimalInput(payment.unallocated, language),
        paymentModeId: String(payment.paymentModeId),
        reference: '',
      }}
      dateLabel={t('invoicePayments.refundDate')}
      submitLabel={t('invoicePayments.refund')}
      busy={isLoading}
      submit={async ({ paymentDate, ...rest }) => {
        await refund({ id: payment.id, body: { refundDate: paymentDate, ...rest } }).unwrap();
        toast.success(t('invoicePayments.refunded'));
      }}
      onClose={onClose}
    />
  );
};

/** The customer's payments with money still on account (SPEC label "On account"), each to allocate or refund. */
export const OnAccountSection = ({
  customerId,
  invoices,
  canWrite,
}: {
  customerId: string;
  invoices: TInvoiceSummary[] | undefined;
  canWrite: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [allocating, setAllocating] = useState<TPayment | null>(null);
  const [refunding, setRefunding] = useState<TPayment | null>(null);
  const { data } = paymentsApi.useList({ page: 1, limit: 100, customerId, onAccount: 'true', sort: 'paymentDate:asc' });
  const total = (data?.items ?? []).reduce((sum, p) => sum + (toCents(p.unallocated) ?? 0n), 0n);
  const columns: DetailColumn<TPayment>[] = [
    {
      key: 'date',
      header: t('invoicePayments.paymentDate'),
      primary: true,
      cell: (p) => formatDate(p.paymentDate, language),
    },
    {
      key: 'amount',
      header: t('invoicePayments.amount'),
      align: 'right',
      cell: (p) => formatMoney(p.amount, language),
    },
    {
      key: 'unallocated',
      header: t('invoicePayments.onAccount'),
      align: 'right',
      cell: (p) => formatMoney(p.unallocated, language),
    },
    { key: 'mode', header: t('invoices.paymentMode'), cell: (p) => p.paymentModeLabel },
    { key: 'reference', header: t('invoicePayments.reference'), cell: (p) => p.reference ?? '—' },
    ...(canWrite
      ? [
          {
            key: 'allocate',
            header: '',
            cell: (p: TPayment) => (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button size="small" disabled={!invoices?.length} onClick={() => setAllocating(p)}>
                  {t('invoicePayments.allocate')}
                </Button>
                <Button size="small" onClick={() => setRefunding(p)}>
                  {t('invoicePayments.refund')}
                </Button>
              </Stack>
            ),
          },
        ]
      : []),
  ];
  return (
    <Section title={t('invoicePayments.onAccountTitle')} testId="on-account">
      <DetailTable
        label={t('invoicePayments.onAccountTitle')}
        columns={columns}
        rows={data?.items}
        rowKey={(p) => p.id}
        empty={t('invoicePayments.noneOnAccount')}
        totals={
          data?.items.length
            ? [
                {
                  label: t('invoicePayments.onAccountTotal'),
                  value: formatMoney(fromCents(total), language),
                  strong: true,
                },
              ]
            : undefined
        }
      />
      {allocating && <AllocateDialog payment={allocating} invoices={invoices} onClose={() => setAllocating(null)} />}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </Section>
  );
};
