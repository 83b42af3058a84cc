import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TDocumentTotals, TReceipt } from '@tagstock/contract';
import { formatDate, formatMoney, formatNumber, formatRate } from '../../components/format';
import { DocumentHistory, type HistoryVocabulary } from '../../components/DocumentHistory';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { usePurchaseOrderHistoryQuery, usePurchaseOrderReceiptsQuery } from './api';

/** The server's totals: per VAT rate, then the document. */
export const TotalsTable = ({ totals, stale }: { totals: TDocumentTotals; stale: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <>
      <Table size="small" aria-label={t('purchaseOrders.totals')} data-testid="order-totals">
        <TableHead>
          <TableRow>
            <TableCell>{t('purchaseOrders.lineFields.vatRate')}</TableCell>
            <TableCell align="right">{t('purchaseOrders.vatBase')}</TableCell>
            <TableCell align="right">{t('purchaseOrders.vatAmount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.byRate.map((rate) => (
            <TableRow key={rate.rate}>
              <TableCell>{formatRate(rate.rate, language)}</TableCell>
              <TableCell align="right">{formatMoney(rate.base, language)}</TableCell>
              <TableCell align="right">{formatMoney(rate.vat, language)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('purchaseOrders.totalNet')}</TableCell>
            <TableCell />
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="total-net">
              {formatMoney(totals.net, language)}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{t('purchaseOrders.totalVat')}</TableCell>
            <TableCell />
            <TableCell align="right" data-testid="total-vat">
              {formatMoney(totals.vat, language)}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('purchaseOrders.totalGross')}</TableCell>
            <TableCell />
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="total-gross">
              {formatMoney(totals.gross, language)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {stale && (
        <Typography variant="caption" color="warning.main" component="p" sx={{ mt: 1 }}>
          {t('purchaseOrders.totalsStale')}
        </Typography>
      )}
    </>
  );
};

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
  labels: {
    status: 'fields.status',
    receiptStatus: 'purchaseOrders.receiptStatus',
    paymentModeId: 'purchaseOrders.paymentMode',
    orderDate: 'purchaseOrders.orderDate',
    expectedDate: 'purchaseOrders.expectedDate',
    notes: 'purchaseOrders.notes',
    lines: 'purchaseOrders.lines',
    totalNet: 'purchaseOrders.totalNet',
  },
  title: 'purchaseOrders.history',
  empty: 'purchaseOrders.noHistory',
};

export const HistoryTable = ({ orderId }: { orderId: number }) => {
  const { data: events } = usePurchaseOrderHistoryQuery(orderId);
  return <DocumentHistory events={events} vocabulary={HISTORY} />;
};
