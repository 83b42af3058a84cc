import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFORMA_STATUSES, type TProformaSummary } from '@tagstock/contract';
import { formatDate, formatMoney } from '../../components/format';
import { DocumentListPage, statusFilter } from '../../components/documents/DocumentListPage';
import type { ResourceColumn } from '../../components/resource-columns';
import { useCanWrite } from '../../components/use-permission';
import { customerFilter } from '../customers/api';
import { proformasApi } from './api';
import { ProformaStatusChip } from './status';

const useColumns = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<TProformaSummary>[]>(
    () => [
      { field: 'number', card: 'primary', headerName: t('proformas.number'), width: 160 },
      { field: 'customerName', card: 'secondary', headerName: t('fields.customer'), flex: 1, minWidth: 180 },
      {
        field: 'proformaDate',
        card: 'secondary',
        headerName: t('proformas.proformaDate'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'validUntil',
        hideBelow: 'lg',
        headerName: t('proformas.validUntil'),
        width: 125,
        valueFormatter: (value: string | null) => formatDate(value, language),
      },
      {
        field: 'totalNet',
        hideBelow: 'md',
        headerName: t('purchaseOrders.totalNet'),
        type: 'number',
        width: 130,
        valueFormatter: (value: string) => formatMoney(value, language),
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
        width: 150,
        renderCell: ({ row }) => <ProformaStatusChip status={row.status} />,
      },
    ],
    [t, language],
  );
};

/** `/admin/proformas`: the proformas, filtered by status and customer (kept in the URL). */
export const ProformasPage = () => {
  const { t } = useTranslation();
  const canCreate = useCanWrite('invoices');
  const columns = useColumns();
  return (
    <DocumentListPage<TProformaSummary>
      texts="proformas"
      path="/admin/proformas"
      canCreate={canCreate}
      filters={[statusFilter(t, 'proformas', PROFORMA_STATUSES), customerFilter(t)]}
      columns={columns}
      useList={proformasApi.useList}
      defaultSort="proformaDate:desc"
    />
  );
};
