import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPlatformOrder, TPlatformOrderStatus } from '@tagstock/contract';
import { DetailTable } from '../../components/DetailTable';
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
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 0 } }}>
        <DetailTable
          label={t('platformOrders.lines')}
          rows={order.lines}
          rowKey={(l) => l.id}
          columns={[
            { key: 'reference', header: t('fields.reference'), cell: (l) => l.reference },
            { key: 'designation', header: t('fields.designation'), cell: (l) => l.designation },
            { key: 'kind', header: t('platformOrders.kind'), cell: (l) => t(`platformOrders.kinds.${l.kind}`) },
            {
              key: 'quantity',
              header: t('fields.quantity'),
              align: 'right',
              cell: (l) => formatNumber(l.quantity, lang),
            },
            {
              key: 'unitPrice',
              header: t('platformOrders.unitPrice'),
              align: 'right',
              cell: (l) => formatMoney(l.unitPrice, lang),
            },
            { key: 'vatRate', header: t('fields.vatRate'), align: 'right', cell: (l) => formatRate(l.vatRate, lang) },
            {
              key: 'net',
              header: t('platformOrders.net'),
              align: 'right',
              cell: (l) => formatMoney(l.netAmount, lang),
            },
          ]}
          totals={[
            { label: t('platformOrders.totalNet'), value: formatMoney(order.totals.net, lang) },
            { label: t('platformOrders.totalVat'), value: formatMoney(order.totals.vat, lang) },
            { label: t('platformOrders.totalGross'), value: formatMoney(order.totals.gross, lang), strong: true },
          ]}
        />
      </Paper>
      {order.deliveries.length > 0 && (
        <Paper variant="outlined" sx={{ pb: { xs: 1.5, sm: 0 } }}>
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 2, pb: { xs: 1, sm: 0 } }}>
            {t('platformOrders.deliveries')}
          </Typography>
          <Box sx={{ px: { xs: 1.5, sm: 0 } }}>
            <DetailTable
              label={t('platformOrders.deliveries')}
              rows={order.deliveries}
              rowKey={(d) => d.id}
              columns={[
                {
                  key: 'registeredAt',
                  header: t('platformOrders.registeredAt'),
                  cell: (d) => formatDateTime(d.createdAt, lang),
                },
                { key: 'family', header: t('platformOrders.family'), cell: (d) => d.familyName ?? '—' },
                {
                  key: 'count',
                  header: t('platformOrders.count'),
                  align: 'right',
                  cell: (d) => formatNumber(d.count, lang),
                },
                {
                  key: 'firstEpc',
                  header: t('platformOrders.firstEpc'),
                  cell: (d) => d.firstEpc,
                  sx: { fontFamily: 'monospace' },
                },
                {
                  key: 'lastEpc',
                  header: t('platformOrders.lastEpc'),
                  cell: (d) => d.lastEpc,
                  sx: { fontFamily: 'monospace' },
                },
              ]}
            />
          </Box>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ pb: { xs: 1.5, sm: 0 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 2, pb: { xs: 1, sm: 0 } }}>
          {t('platformOrders.history')}
        </Typography>
        <Box sx={{ px: { xs: 1.5, sm: 0 } }}>
          <DocumentHistory events={order.history} vocabulary={HISTORY} />
        </Box>
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
