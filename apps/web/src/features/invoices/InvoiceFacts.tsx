import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TDocumentDiscount, TInvoice } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { Fact, Facts } from '../../components/Facts';
import { statusKeys } from '../../components/documents/status-texts';
import { formatDate, formatDateTime, formatMoney, formatRate } from '../../components/format';
import { PaymentLabelChip } from './status';

/** A document discount as read: "10 %" or "25,00 €"; "—" without. */
export const discountText = (discount: TDocumentDiscount, language: string) =>
  !discount
    ? '—'
    : discount.type === 'percent'
      ? formatRate(discount.value, language)
      : formatMoney(discount.value, language);

/** A saved invoice's header, read only (issued, or a draft for a user who may not change it). */
export const InvoiceFacts = ({ invoice }: { invoice: TInvoice }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const date = (value: string | null) => formatDate(value, language);
  return (
    <>
      <Facts>
        <Fact label={t('fields.customer')} value={invoice.customerName} testId="invoice-customer" />
        <Fact label={t('invoices.invoiceDate')} value={date(invoice.invoiceDate)} />
        <Fact label={t('invoices.dueDate')} value={date(invoice.dueDate)} testId="invoice-due-date" />
        <Fact label={t('invoices.billingDate')} value={date(invoice.billingDate ?? invoice.invoiceDate)} />
        {invoice.orderDate && <Fact label={t('invoices.orderDate')} value={date(invoice.orderDate)} />}
        <Fact
          label={t('invoices.paymentTerm')}
          value={t('invoices.paymentTermDays', { count: invoice.paymentTermDays })}
        />
        {/* How it is to be paid, as the PDF says it; the tenant's own payment mode only when one was chosen. */}
        <Fact
          label={t('invoices.paymentType')}
          value={t(`invoices.paymentTypes.${invoice.paymentType}`)}
          testId="invoice-payment-type"
        />
        {invoice.paymentModeLabel && (
          <Fact label={t('invoices.paymentMode')} value={invoice.paymentModeLabel} testId="invoice-payment-mode" />
        )}
        <Fact label={t('documents.discount.title')} value={discountText(invoice.discount, language)} />
        {invoice.proformaId !== null && (
          <Fact
            label={t('invoices.proforma')}
            value={
              <Link component={RouterLink} to={`/admin/proformas/${invoice.proformaId}`}>
                {invoice.proformaNumber}
              </Link>
            }
            testId="invoice-proforma"
          />
        )}
        <Fact label={t('invoices.createdBy')} value={invoice.createdByName ?? '—'} />
        {invoice.issuedAt && <Fact label={t('invoices.issuedAt')} value={formatDateTime(invoice.issuedAt, language)} />}
      </Facts>
      {invoice.deliveryAddress && (
        <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
          {`${t('invoices.deliveryAddress')}${t('logs.labelSeparator')}${invoice.deliveryAddress}`}
        </Typography>
      )}
      {invoice.notes && (
        <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
          {invoice.notes}
        </Typography>
      )}
    </>
  );
};

type Amount = { key: string; label: string; amount: string; strong?: boolean };

/** What the invoice comes to, what was paid and credited, what is left to pay (SPEC "amount not paid"). */
export const SettlementTable = ({ invoice }: { invoice: TInvoice }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const rows: Amount[] = [
    { key: 'gross', label: t('invoices.totalGross'), amount: invoice.totalGross },
    { key: 'paid', label: t('invoices.amountPaid'), amount: invoice.amountPaid },
    { key: 'credited', label: t('invoices.amountCredited'), amount: invoice.amountCredited },
    { key: 'due', label: t('invoices.amountDue'), amount: invoice.amountDue, strong: true },
  ];
  const columns: DetailColumn<Amount>[] = [
    { key: 'label', header: t('invoices.settlementItem'), primary: true, cell: (row) => row.label },
    {
      key: 'amount',
      header: t('invoicePayments.amount'),
      align: 'right',
      cell: (row) => (
        <Typography
          variant="body2"
          component="span"
          sx={{ fontWeight: row.strong ? 600 : undefined }}
          data-testid={`amount-${row.key}`}
        >
          {formatMoney(row.amount, language)}
        </Typography>
      ),
    },
  ];
  return (
    <>
      {invoice.paymentLabel && (
        <Box sx={{ mb: 1 }}>
          <PaymentLabelChip label={invoice.paymentLabel} />
        </Box>
      )}
      <DetailTable label={t('invoices.settlement')} columns={columns} rows={rows} rowKey={(row) => row.key} />
    </>
  );
};

/** The credit notes of an invoice, drafts included, each a link to its page. */
export const CreditNotesTable = ({ invoice }: { invoice: TInvoice }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  type Note = TInvoice['creditNotes'][number];
  const columns: DetailColumn<Note>[] = [
    {
      key: 'number',
      header: t('creditNotes.number'),
      primary: true,
      cell: (note) => (
        <Link component={RouterLink} to={`/admin/creditNotes/${note.id}`}>
          {note.number ?? t('creditNotes.draft')}
        </Link>
      ),
    },
    { key: 'status', header: t('fields.status'), cell: (note) => t(statusKeys('creditNotes.statuses', note.status)) },
    {
      key: 'total',
      header: t('invoices.totalGross'),
      align: 'right',
      cell: (note) => formatMoney(note.totalGross, language),
    },
  ];
  return (
    <DetailTable
      label={t('invoices.creditNotes')}
      testId="invoice-credit-notes"
      columns={columns}
      rows={invoice.creditNotes}
      rowKey={(note) => note.id}
      empty={t('invoices.noCreditNotes')}
    />
  );
};
