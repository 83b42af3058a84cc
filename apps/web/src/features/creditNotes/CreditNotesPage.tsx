import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CREDIT_NOTE_STATUSES, type TCreditNoteSummary } from '@tagstock/contract';
import { FilterSelect } from '../../components/FilterSelect';
import { formatDate, formatMoney } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import type { ResourceColumn } from '../../components/resource-columns';
import { ResourceTable } from '../../components/ResourceTable';
import { useUrlFilters } from '../../components/use-list-params';
import { customerRef } from '../customers/api';
import { creditNotesApi } from './api';
import { CreditNoteStatusChip } from './status';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TCreditNoteSummary>[]>(
    () => [
      {
        field: 'number',
        card: 'primary',
        headerName: t('creditNotes.number'),
        width: 160,
        valueFormatter: (value: string | null) => value ?? t('creditNotes.draft'),
      },
      { field: 'invoiceNumber', card: 'secondary', headerName: t('creditNotes.invoice'), width: 160 },
      { field: 'customerName', card: 'secondary', headerName: t('fields.customer'), flex: 1, minWidth: 180 },
      {
        field: 'creditDate',
        hideBelow: 'md',
        headerName: t('creditNotes.creditDate'),
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
        field: 'status',
        card: 'status',
        headerName: t('fields.status'),
        width: 130,
        renderCell: ({ row }) => <CreditNoteStatusChip status={row.status} />,
      },
    ],
    [t, language],
  );
};

/** `/admin/creditNotes`: the credit notes (avoirs), made from an invoice's page; filtered by status and customer. */
export const CreditNotesPage = () => {
  const { t } = useTranslation();
  const { searchParams, setFilter } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const customerId = searchParams.get('customerId') ?? '';
  const filters = useMemo(
    () => ({ status: status || undefined, customerId: customerId || undefined }),
    [status, customerId],
  );
  const columns = useColumns();
  return (
    <Box>
      <PageHeader title={t('creditNotes.title')} subtitle={t('creditNotes.subtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('creditNotes.allStatuses')}
          value={status}
          options={CREDIT_NOTE_STATUSES.map((s) => ({ value: s, label: t(`creditNotes.statuses.${s}`) }))}
          width={200}
          onChange={(v) => setFilter('status', v)}
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
      <ResourceTable<TCreditNoteSummary>
        label={t('creditNotes.title')}
        columns={columns}
        useList={creditNotesApi.useList}
        filters={filters}
        defaultSort="creditDate:desc"
        emptyText={t('creditNotes.empty')}
        countKey="creditNotes.count"
        detailPath={(row) => `/admin/creditNotes/${row.id}`}
      />
    </Box>
  );
};
