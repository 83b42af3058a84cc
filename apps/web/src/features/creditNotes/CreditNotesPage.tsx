import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT_NOTE_STATUSES, type TCreditNoteSummary } from '@tagstock/contract';
import { formatDate, formatMoney } from '../../components/format';
import { DocumentListPage, statusFilter } from '../../components/documents/DocumentListPage';
import type { ResourceColumn } from '../../components/resource-columns';
import { customerFilter } from '../customers/api';
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
  const columns = useColumns();
  return (
    <DocumentListPage<TCreditNoteSummary>
      texts="creditNotes"
      path="/admin/creditNotes"
      canCreate={false}
      filters={[statusFilter(t, 'creditNotes', CREDIT_NOTE_STATUSES), customerFilter(t)]}
      columns={columns}
      useList={creditNotesApi.useList}
      defaultSort="creditDate:desc"
    />
  );
};
