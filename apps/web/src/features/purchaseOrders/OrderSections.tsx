import { useTranslation } from 'react-i18next';
import type { TReceipt } from '@tagstock/contract';
import { formatDate, formatNumber } from '../../components/format';
import { DocumentHistory, type HistoryVocabulary } from '../../components/DocumentHistory';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { purchaseOrdersApi, usePurchaseOrderReceiptsQuery } from './api';
import { historyLabels } from '../logs/log-format';

export const ReceiptsTable = ({ orderId }: { orderId: number }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { data: receipts } = usePurchaseOrderReceiptsQuery(orderId);
  const columns: DetailColumn<TReceipt>[] = [
    {
      key: 'date',
      header: t('fields.date'),
      primary: true,
      cell: (receipt) => formatDate(receipt.receiptDate, language),
      sx: { whiteSpace: 'nowrap' },
    },
    { key: 'user', header: t('fields.user'), cell: (receipt) => receipt.userName ?? '—' },
    {
      key: 'lines',
      header: t('purchaseOrders.receivedLines'),
      cell: (receipt) =>
        receipt.lines
          .map(
            (line) =>
              `${line.reference} × ${formatNumber(line.quantity, language)}` +
              (line.epcCount ? ` (${t('purchaseOrders.receive.epcCount', { count: line.epcCount })})` : ''),
          )
          .join(', '),
    },
    { key: 'note', header: t('fields.note'), cell: (receipt) => receipt.note ?? '—' },
  ];
  return (
    <DetailTable
      label={t('purchaseOrders.receipts')}
      testId="receipts"
      columns={columns}
      rows={receipts}
      rowKey={(receipt) => receipt.id}
      empty={t('purchaseOrders.noReceipts')}
    />
  );
};

const HISTORY: HistoryVocabulary = {
  events: 'purchaseOrders.events',
  statuses: { status: 'purchaseOrders.statuses', receiptStatus: 'purchaseOrders.receiptStatuses' },
  // The activity log's labels first (every logged field named), then the screen's own.
  labels: {
    ...historyLabels('purchase_order'),
    status: 'fields.status',
    receiptStatus: 'purchaseOrders.receiptStatus',
    paymentModeId: 'purchaseOrders.paymentMode',
    orderDate: 'purchaseOrders.orderDate',
    expectedDate: 'purchaseOrders.expectedDate',
    notes: 'purchaseOrders.notes',
    lines: 'documents.lines',
    totalNet: 'purchaseOrders.totalNet',
  },
  title: 'purchaseOrders.history',
  empty: 'purchaseOrders.noHistory',
};

export const HistoryTable = ({ orderId }: { orderId: number }) => {
  const { data: events } = purchaseOrdersApi.useHistory(orderId);
  return <DocumentHistory events={events} vocabulary={HISTORY} />;
};
