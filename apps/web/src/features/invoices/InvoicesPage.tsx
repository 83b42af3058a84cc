import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, PAYMENT_LABELS, type TInvoiceSummary } from '@tagstock/contract';
import { formatDate, formatMoney } from '../../components/format';
import { DocumentListPage, statusFilter } from '../../components/documents/DocumentListPage';
import type { ResourceColumn } from '../../components/resource-columns';
import { useCanWrite } from '../../components/use-permission';
import { customerFilter } from '../customers/api';
import { invoicesApi } from './api';
import { paymentLabelText } from './payment-label';
import { InvoiceStatusChip, PaymentLabelChip } from './status';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TInvoiceSummary>[]>(
    () => [
      {
        field: 'number',
        card: 'primary',
        headerName: t('invoices.number'),
        width: 160,
        valueFormatter: (value: string | null) => value ?? t('invoices.draft'),
      },
      { field: 'customerName', card: 'secondary', headerName: t('fields.customer'), flex: 1, minWidth: 180 },
      {
        field: 'invoiceDate',
        card: 'secondary',
        headerName: t('invoices.invoiceDate'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'dueDate',
        hideBelow: 'lg',
        headerName: t('invoices.dueDate'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'totalGross',
        card: 'secondary',
        headerName: t('invoices.totalGross'),
        type: 'number',
        width: 130,
        valueFormatter: (value: string) => formatMoney(value, language),
      },
      {
        field: 'amountDue',
        hideBelow: 'md',
        headerName: t('invoices.amountDue'),
        type: 'number',
        width: 130,
        valueFormatter: (value: string) => formatMoney(value, language),
      },
      {
        field: 'paymentLabel',
        card: 'status',
        headerName: t('invoices.paymentLabel'),
        width: 190,
        sortable: false,
        valueFormatter: (_value: unknown, row: TInvoiceSummary) =>
          row.paymentLabel ? paymentLabelText(t, row.paymentLabel) : '',
        renderCell: ({ row }) =>
          row.paymentLabel ? <PaymentLabelChip label={row.paymentLabel} /> : <InvoiceStatusChip status={row.status} />,
      },
      {
        field: 'status',
        hideBelow: 'xl',
        headerName: t('fields.status'),
        width: 130,
        renderCell: ({ row }) => <InvoiceStatusChip status={row.status} />,
      },
    ],
    [t, language],
  );
};

/** `/admin/invoices`: the invoices with their payment label, filtered by label, status, customer or unpaid. */
export const InvoicesPage = () => {
  const { t } = useTranslation();
  const canCreate = useCanWrite('invoices');
  const columns = useColumns();
  return (
    <DocumentListPage<TInvoiceSummary>
      texts="invoices"
      path="/admin/invoices"
      canCreate={canCreate}
      filters={[
        {
          param: 'paymentLabel',
          label: t('invoices.paymentLabel'),
          allLabel: t('invoices.allPaymentLabels'),
          options: PAYMENT_LABELS.map((code) => ({ value: code, label: paymentLabelText(t, { code }) })),
          width: 200,
        },
        statusFilter(t, 'invoices', INVOICE_STATUSES, 180),
        {
          param: 'unpaid',
          label: t('invoices.settlement'),
          allLabel: t('invoices.allSettlements'),
          options: [
            { value: 'true', label: t('invoices.unpaid') },
            { value: 'false', label: t('invoices.settled') },
          ],
          width: 180,
        },
        customerFilter(t),
      ]}
      columns={columns}
      useList={invoicesApi.useList}
      defaultSort="invoiceDate:desc"
    />
  );
};
