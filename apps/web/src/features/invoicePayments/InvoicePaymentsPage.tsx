import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TInvoiceSummary } from '@tagstock/contract';
import { useFocusInvalid } from '../../components/focus-field';
import { formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { Section } from '../../components/Section';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import { customerRef } from '../customers/api';
import { invoicesApi } from '../invoices/api';
import { paymentBody, PaymentFields, usePaymentDraft, type PaymentDraft } from '../invoices/PaymentFields';
import { todayIso } from '../rfid/attribution-shared';
import { allocationsToSend, fromCents, toCents } from './allocation';
import { AllocationTable } from './AllocationTable';
import { paymentsApi } from './api';
import { OnAccountSection } from './OnAccountSection';
import { useAllocations } from './use-allocations';

/** Unpaid invoices shown at once: the oldest, which a payment settles first. */
const UNPAID_SHOWN = 100;

const emptyPayment = (): PaymentDraft => ({ paymentDate: todayIso(), amount: '', paymentModeId: '', reference: '' });

/** A customer's unpaid issued invoices, oldest first (the order a payment settles them in). */
export const useUnpaidInvoices = (customerId: string) =>
  invoicesApi.useList(
    { page: 1, limit: UNPAID_SHOWN, customerId, unpaid: 'true', sort: 'invoiceDate:asc' },
    { skip: customerId === '' },
  );

/** The payment received from a customer, spread over its unpaid invoices; the rest stays on account. */
const NewPayment = ({ customerId, invoices }: { customerId: string; invoices: TInvoiceSummary[] | undefined }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  // An overpayment concerns one of the invoices it is spread over: said above the fields.
  const payment = usePaymentDraft(emptyPayment, false);
  const { draft } = payment;
  const amount = toCents(draft.amount);
  const allocations = useAllocations(invoices, amount, language);
  const [create, { isLoading }] = paymentsApi.useCreate();
  const over = allocations.check.onAccount !== null && allocations.check.onAccount < 0n;
  // What the last payment recorded: said in the section and focused (the record button is disabled while it
  // saves, which would drop the focus to the page's body); a refused one focuses its first faulty field.
  const [recorded, setRecorded] = useState<{ text: string; id: number } | null>(null);
  const recordedRef = useRef<HTMLDivElement>(null);
  const recordedId = recorded?.id;
  useEffect(() => {
    if (recordedId !== undefined) recordedRef.current?.focus();
  }, [recordedId]);
  const focusInvalid = useFocusInvalid(() => document.querySelector<HTMLElement>('[data-testid="new-payment"]'));

  const change = (changes: Partial<PaymentDraft>) => {
    payment.change(changes);
    // A new amount is spread again over the invoices, oldest first.
    if (changes.amount !== undefined) allocations.fill(toCents(changes.amount));
  };
  const submit = async () => {
    setRecorded(null);
    if (!payment.check() || allocations.check.errors.size || over) {
      focusInvalid();
      return;
    }
    try {
      const saved = await create({
        ...paymentBody(draft),
        customerId: Number(customerId),
        allocations: allocationsToSend(allocations.typed),
      }).unwrap();
      setRecorded({
        text: t('invoicePayments.recorded', {
          allocated: formatMoney(
            fromCents((toCents(saved.amount) ?? 0n) - (toCents(saved.unallocated) ?? 0n)),
            language,
          ),
          onAccount: formatMoney(saved.unallocated, language),
        }),
        id: saved.id,
      });
      payment.reset(emptyPayment());
      allocations.clear();
    } catch (error) {
      payment.refused(error);
      focusInvalid();
    }
  };
  return (
    <Section
      title={t('invoicePayments.newPayment')}
      testId="new-payment"
      action={
        <Button size="small" disabled={amount === null || !invoices?.length} onClick={() => allocations.fill(amount)}>
          {t('invoicePayments.spread')}
        </Button>
      }
    >
      {recorded && (
        <Alert
          ref={recordedRef}
          tabIndex={-1}
          severity="success"
          role="status"
          sx={{ mb: 2 }}
          data-testid="payment-recorded"
          onClose={() => setRecorded(null)}
          closeText={t('actions.close')}
        >
          {recorded.text}
        </Alert>
      )}
      {payment.problem && (
        <Alert severity="error" tabIndex={-1} sx={{ mb: 2 }} data-testid="payment-problem">
          {payment.problem}
        </Alert>
      )}
      <PaymentFields draft={draft} errors={payment.errors} messages={payment.messages} onChange={change} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
        {t('invoicePayments.spreadHelp')}
      </Typography>
      <AllocationTable
        invoices={invoices}
        allocations={{ typed: allocations.typed, onChange: allocations.onChange }}
        check={allocations.check}
        testId="allocations"
      />
      {over && (
        <Alert severity="error" tabIndex={-1} sx={{ mt: 2 }}>
          {t('invoicePayments.overAllocated')}
        </Alert>
      )}
      {!over && allocations.check.onAccount !== null && allocations.check.onAccount > 0n && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="on-account-note">
          {t('invoicePayments.restOnAccount', {
            amount: formatMoney(fromCents(allocations.check.onAccount), language),
          })}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {t('invoicePayments.record')}
        </Button>
      </Stack>
    </Section>
  );
};

/**
 * `/admin/invoicePayments` (SPEC "invoice payment"): a customer's unpaid invoices; a payment received from it,
 * spread over them oldest first (what is left stays on account); and its money on account, to allocate later.
 */
export const InvoicePaymentsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('invoices');
  const { searchParams, setFilter } = useUrlFilters();
  const customerId = searchParams.get('customerId') ?? '';
  const { data } = useUnpaidInvoices(customerId);
  const invoices = customerId === '' ? undefined : data?.items;
  const owed = (invoices ?? []).reduce((sum, invoice) => sum + (toCents(invoice.amountDue) ?? 0n), 0n);
  return (
    <Box>
      <PageHeader title={t('invoicePayments.title')} subtitle={t('invoicePayments.subtitle')} />
      <Box sx={{ mb: 3, maxWidth: 480 }}>
        <ReferenceSelect
          source={customerRef}
          label={t('fields.customer')}
          value={customerId}
          onChange={(v) => setFilter('customerId', v)}
        />
      </Box>
      {customerId === '' ? (
        <Typography color="text.secondary">{t('invoicePayments.chooseCustomer')}</Typography>
      ) : (
        <Grid container spacing={3}>
          <Grid size={12}>
            {canWrite ? (
              // A new customer starts a new payment.
              <NewPayment key={customerId} customerId={customerId} invoices={invoices} />
            ) : (
              <Section title={t('invoicePayments.unpaidInvoices')}>
                <AllocationTable invoices={invoices} testId="unpaid-invoices" />
              </Section>
            )}
            {data && data.total > data.items.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('invoicePayments.oldestShown', { count: data.items.length, total: data.total })}
              </Typography>
            )}
            {invoices && (
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="customer-owes">
                {t('invoicePayments.owes', { amount: formatMoney(fromCents(owed), language) })}
              </Typography>
            )}
          </Grid>
          <Grid size={12}>
            <OnAccountSection customerId={customerId} invoices={invoices} canWrite={canWrite} />
          </Grid>
        </Grid>
      )}
    </Box>
  );
};
