import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPlatformOrder, TPlatformOrderStatus } from '@tagstock/contract';
import { DocumentHistory, type HistoryVocabulary } from '../../components/DocumentHistory';
import { DOCUMENT_STATUS_COLORS, statusChip } from '../../components/StatusChip';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatRate } from '../../components/format';

const HISTORY: HistoryVocabulary = {
  events: 'platformOrders.events',
  statuses: { status: 'platformOrders.statuses' },
  labels: {
    status: 'fields.status',
    lines: 'platformOrders.lines',
    totalNet: 'platformOrders.totalNet',
    registeredTags: 'platformOrders.registeredTags',
  },
  title: 'platformOrders.history',
  empty: 'platformOrders.noHistory',
};

export const PlatformOrderStatusChip = statusChip<TPlatformOrderStatus>(
  DOCUMENT_STATUS_COLORS,
  'platformOrders.statuses',
);

/** Header facts, lines with totals, the registered deliveries and the history of one order. */
export const PlatformOrderBody = ({ order }: { order: TPlatformOrder }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
          <Fact label={t('fields.status')} value={<PlatformOrderStatusChip status={order.status} />} />
          <Fact label={t('platformOrders.orderDate')} value={formatDate(order.orderDate, lang)} />
          <Fact label={t('platformOrders.createdBy')} value={order.createdByName ?? '—'} />
          <Fact label={t('platformOrders.registeredTags')} value={formatNumber(order.registeredTags, lang)} />
        </Stack>
        {order.notes && (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {order.notes}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined">
        <Table size="small" aria-label={t('platformOrders.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.reference')}</TableCell>
              <TableCell>{t('fields.designation')}</TableCell>
              <TableCell>{t('platformOrders.kind')}</TableCell>
              <TableCell align="right">{t('fields.quantity')}</TableCell>
              <TableCell align="right">{t('platformOrders.unitPrice')}</TableCell>
              <TableCell align="right">{t('fields.vatRate')}</TableCell>
              <TableCell align="right">{t('platformOrders.net')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.reference}</TableCell>
                <TableCell>{l.designation}</TableCell>
                <TableCell>{t(`platformOrders.kinds.${l.kind}`)}</TableCell>
                <TableCell align="right">{formatNumber(l.quantity, lang)}</TableCell>
                <TableCell align="right">{formatMoney(l.unitPrice, lang)}</TableCell>
                <TableCell align="right">{formatRate(l.vatRate, lang)}</TableCell>
                <TableCell align="right">{formatMoney(l.netAmount, lang)}</TableCell>
              </TableRow>
            ))}
            <TotalRow label={t('platformOrders.totalNet')} value={formatMoney(order.totals.net, lang)} />
            <TotalRow label={t('platformOrders.totalVat')} value={formatMoney(order.totals.vat, lang)} />
            <TotalRow label={t('platformOrders.totalGross')} value={formatMoney(order.totals.gross, lang)} strong />
          </TableBody>
        </Table>
      </Paper>
      {order.deliveries.length > 0 && (
        <Paper variant="outlined">
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 2 }}>
            {t('platformOrders.deliveries')}
          </Typography>
          <Table size="small" aria-label={t('platformOrders.deliveries')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('platformOrders.registeredAt')}</TableCell>
                <TableCell>{t('platformOrders.family')}</TableCell>
                <TableCell align="right">{t('platformOrders.count')}</TableCell>
                <TableCell>{t('platformOrders.firstEpc')}</TableCell>
                <TableCell>{t('platformOrders.lastEpc')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.deliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{formatDateTime(d.createdAt, lang)}</TableCell>
                  <TableCell>{d.familyName ?? '—'}</TableCell>
                  <TableCell align="right">{formatNumber(d.count, lang)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{d.firstEpc}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{d.lastEpc}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Paper variant="outlined">
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 2 }}>
          {t('platformOrders.history')}
        </Typography>
        <DocumentHistory events={order.history} vocabulary={HISTORY} />
      </Paper>
    </Stack>
  );
};

const Fact = ({ label, value }: { label: string; value: React.ReactNode }) => (
  <Stack spacing={0.5}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div" variant="body2">
      {value}
    </Typography>
  </Stack>
);

const TotalRow = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <TableRow>
    <TableCell colSpan={6} align="right" sx={{ fontWeight: strong ? 700 : 500 }}>
      {label}
    </TableCell>
    <TableCell align="right" sx={{ fontWeight: strong ? 700 : 500 }}>
      {value}
    </TableCell>
  </TableRow>
);
