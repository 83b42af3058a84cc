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
import { EmptyRow } from '../../components/Section';
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
  return (
    <Table size="small" aria-label={t('purchaseOrders.receipts')} data-testid="receipts">
      <TableHead>
        <TableRow>
          <TableCell>{t('fields.date')}</TableCell>
          <TableCell>{t('fields.user')}</TableCell>
          <TableCell>{t('purchaseOrders.receivedLines')}</TableCell>
          <TableCell>{t('fields.note')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(receipts ?? []).map((receipt: TReceipt) => (
          <TableRow key={receipt.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(receipt.receiptDate, language)}</TableCell>
            <TableCell>{receipt.userName ?? '—'}</TableCell>
            <TableCell>
              {receipt.lines
                .map(
                  (line) =>
                    `${line.reference} × ${formatNumber(line.quantity, language)}` +
                    (line.epcCount ? ` (${t('purchaseOrders.receive.epcCount', { count: line.epcCount })})` : ''),
                )
                .join(', ')}
            </TableCell>
            <TableCell>{receipt.note ?? '—'}</TableCell>
          </TableRow>
        ))}
        {receipts?.length === 0 && <EmptyRow columns={4} text={t('purchaseOrders.noReceipts')} />}
      </TableBody>
    </Table>
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
