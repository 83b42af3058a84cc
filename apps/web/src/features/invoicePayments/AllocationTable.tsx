import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TInvoiceSummary } from '@tagstock/contract';
import { DetailTable, type DetailColumn, type DetailTotal } from '../../components/DetailTable';
import { formatDate, formatMoney } from '../../components/format';
import { PaymentLabelChip } from '../invoices/status';
import { fromCents, type AllocationCheck } from './allocation';

/**
 * A customer's unpaid invoices, oldest first, with what is left to pay on each; with `allocations`, the amount of
 * the payment given to each (typed, checked by `check`) and what stays on account.
 */
export const AllocationTable = ({
  invoices,
  allocations,
  check,
  testId,
}: {
  invoices: readonly TInvoiceSummary[] | undefined;
  allocations?: { typed: ReadonlyMap<number, string>; onChange: (invoiceId: number, text: string) => void };
  check?: AllocationCheck;
  testId: string;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const columns: DetailColumn<TInvoiceSummary>[] = [
    {
      key: 'number',
      header: t('invoices.number'),
      primary: true,
      cell: (invoice) => (
        <Link component={RouterLink} to={`/admin/invoices/${invoice.id}`}>
          {invoice.number}
        </Link>
      ),
    },
    { key: 'date', header: t('invoices.invoiceDate'), cell: (invoice) => formatDate(invoice.invoiceDate, language) },
    { key: 'due', header: t('invoices.dueDate'), cell: (invoice) => formatDate(invoice.dueDate, language) },
    {
      key: 'label',
      header: t('invoices.paymentLabel'),
      cell: (invoice) => invoice.paymentLabel && <PaymentLabelChip label={invoice.paymentLabel} />,
    },
    {
      key: 'amountDue',
      header: t('invoices.amountDue'),
      align: 'right',
      cell: (invoice) => formatMoney(invoice.amountDue, language),
    },
    ...(allocations
      ? [
          {
            key: 'allocation',
            header: t('invoicePayments.allocation'),
            cell: (invoice: TInvoiceSummary) => {
              const error = check?.errors.get(invoice.id);
              return (
                <TextField
                  size="small"
                  value={allocations.typed.get(invoice.id) ?? ''}
                  placeholder="0"
                  error={Boolean(error)}
                  helperText={error ? t(error) : undefined}
                  onChange={(e) => allocations.onChange(invoice.id, e.target.value)}
                  sx={{ width: 140 }}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      'aria-label': t('invoicePayments.allocationTo', { number: invoice.number }),
                    },
                  }}
                />
              );
            },
          },
        ]
      : []),
  ];
  const totals: DetailTotal[] =
    check && check.onAccount !== null
      ? [
          {
            label: t('invoicePayments.allocated'),
            value: formatMoney(fromCents(check.allocated), language),
            testId: 'allocated-total',
          },
          {
            label: t('invoicePayments.onAccount'),
            value: formatMoney(fromCents(check.onAccount), language),
            strong: true,
            testId: 'on-account-total',
          },
        ]
      : [];
  return (
    <DetailTable
      label={t('invoicePayments.unpaidInvoices')}
      testId={testId}
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      empty={t('invoicePayments.noUnpaid')}
      totals={totals}
    />
  );
};
