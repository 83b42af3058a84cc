import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, PAYMENT_LABELS, type TInvoiceSummary } from '@tagstock/contract';
import { FilterSelect } from '../../components/FilterSelect';
import { formatDate, formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import type { ResourceColumn } from '../../components/resource-columns';
import { ResourceTable } from '../../components/ResourceTable';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import { customerRef } from '../customers/api';
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
  const canWrite = useCanWrite('invoices');
  const { searchParams, setFilter } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const paymentLabel = searchParams.get('paymentLabel') ?? '';
  const customerId = searchParams.get('customerId') ?? '';
  const unpaid = searchParams.get('unpaid') ?? '';
  const filters = useMemo(
    () => ({
      status: status || undefined,
      paymentLabel: paymentLabel || undefined,
      customerId: customerId || undefined,
      unpaid: unpaid || undefined,
    }),
    [status, paymentLabel, customerId, unpaid],
  );
  const columns = useColumns();
  return (
    <Box>
      <PageHeader
        title={t('invoices.title')}
        subtitle={t('invoices.subtitle')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/admin/invoices/new">
              {t('invoices.new')}
            </Button>
          )
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <FilterSelect
          label={t('invoices.paymentLabel')}
          allLabel={t('invoices.allPaymentLabels')}
          value={paymentLabel}
          options={PAYMENT_LABELS.map((code) => ({ value: code, label: paymentLabelText(t, { code }) }))}
          width={200}
          onChange={(v) => setFilter('paymentLabel', v)}
        />
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('invoices.allStatuses')}
          value={status}
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.statuses.${s}`) }))}
          width={180}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          label={t('invoices.settlement')}
          allLabel={t('invoices.allSettlements')}
          value={unpaid}
          options={[
            { value: 'true', label: t('invoices.unpaid') },
            { value: 'false', label: t('invoices.settled') },
          ]}
          width={180}
          onChange={(v) => setFilter('unpaid', v)}
        />
        <ReferenceSelect
          source={customerRef}
          size="small"
          label={t('fields.customer')}
          emptyLabel={t('invoices.allCustomers')}
          value={customerId}
          width={240}
          onChange={(v) => setFilter('customerId', v)}
        />
      </Stack>
      <ResourceTable<TInvoiceSummary>
        label={t('invoices.title')}
        columns={columns}
        useList={invoicesApi.useList}
        filters={filters}
        defaultSort="invoiceDate:desc"
        emptyText={t('invoices.empty')}
        countKey="invoices.count"
        detailPath={(row) => `/admin/invoices/${row.id}`}
      />
    </Box>
  );
};
