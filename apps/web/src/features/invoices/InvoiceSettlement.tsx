import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TInvoice } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { statusKeys } from '../../components/documents/status-texts';
import { formatMoney } from '../../components/format';
import { PaymentLabelChip } from './status';

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
