import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPurchaseOrderSummary } from '@tagstock/contract';
import type { ListFilters } from '../../app/resource-api';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDate, formatMoney } from '../../components/format';
import type { ResourceColumn } from '../../components/resource-columns';
import { purchaseOrdersApi } from './api';
import { OrderStatusChip, ReceiptStatusChip } from './status';

/** The purchase orders list (the BDC screen, a supplier's orders): rows open the order. */
export const PurchaseOrderTable = ({
  label,
  filters,
  emptyText,
  omitColumns,
  paramPrefix,
  searchLabel,
}: {
  label: string;
  filters?: ListFilters;
  emptyText: string;
  /** Columns a page makes redundant (a supplier's page: the supplier). */
  omitColumns?: readonly string[];
  /** Beside another list on one page: its own URL keys, search box name and remembered columns. */
  paramPrefix?: string;
  searchLabel?: string;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const columns = useMemo<ResourceColumn<TPurchaseOrderSummary>[]>(
    () =>
      (
        [
          { field: 'number', card: 'primary', headerName: t('purchaseOrders.number'), width: 160 },
          {
            field: 'supplierName',
            card: 'secondary',
            headerName: t('fields.supplier'),
            flex: 1,
            minWidth: 180,
          },
          {
            field: 'orderDate',
            card: 'secondary',
            headerName: t('purchaseOrders.orderDate'),
            width: 125,
            valueFormatter: (value: string) => formatDate(value, language),
          },
          {
            field: 'expectedDate',
            hideBelow: 'xl',
            headerName: t('purchaseOrders.expectedDate'),
            width: 145,
            valueFormatter: (value: string | null) => formatDate(value, language),
          },
          {
            field: 'status',
            card: 'status',
            headerName: t('fields.status'),
            width: 140,
            renderCell: ({ row }) => <OrderStatusChip status={row.status} />,
          },
          {
            field: 'receiptStatus',
            hideBelow: 'md',
            card: 'secondary',
            headerName: t('purchaseOrders.receiptStatus'),
            width: 170,
            renderCell: ({ row }) => <ReceiptStatusChip status={row.receiptStatus} />,
          },
          {
            field: 'totalNet',
            card: 'secondary',
            headerName: t('purchaseOrders.totalNet'),
            type: 'number',
            width: 130,
            valueFormatter: (value: string) => formatMoney(value, language),
          },
          {
            field: 'totalGross',
            hideBelow: 'md',
            headerName: t('purchaseOrders.totalGross'),
            type: 'number',
            width: 130,
            valueFormatter: (value: string) => formatMoney(value, language),
          },
        ] satisfies ResourceColumn<TPurchaseOrderSummary>[]
      ).filter((c) => !omitColumns?.includes(c.field)),
    [t, language, omitColumns],
  );
  return (
    <ResourceTable<TPurchaseOrderSummary>
      label={label}
      columns={columns}
      useList={purchaseOrdersApi.useList}
      filters={filters}
      defaultSort="orderDate:desc"
      emptyText={emptyText}
      countKey="purchaseOrders.count"
      detailPath={(row) => `/admin/bdc/${row.id}`}
      paramPrefix={paramPrefix}
      searchLabel={searchLabel}
      screen={paramPrefix ? `purchaseOrders.${paramPrefix}` : undefined}
    />
  );
};
