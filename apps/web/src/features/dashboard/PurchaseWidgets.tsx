import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatMonth, formatNumber } from '../../components/format';
import { useMotifsOverviewQuery } from '../outputs/api';
import {
  useBonDeCommandeEnCoursQuery,
  usePurchasedQuantityQuery,
  usePurchasesPerMonthQuery,
  useRepeatedReferencesQuery,
  useTopSuppliersQuery,
} from './purchase-api';
import { Nothing, Panel, Rows } from './Panel';
import type { Period } from './period';

const useFormats = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return { t, language, n: (value: number) => formatNumber(value, language) };
};

/** Purchase orders in progress: how many, the latest ones. */
export const OrdersInProgressPanel = ({ idClient }: { idClient: string }) => {
  const { t, language, n } = useFormats();
  const orders = useBonDeCommandeEnCoursQuery(idClient);
  return (
    <Panel
      title={t('dashboard.ordersInProgress')}
      testId="orders-in-progress"
      state={orders}
      bodyMaxHeight={260}
      link={{ to: '/admin/bdc?status=in_progress', label: t('dashboard.seeList') }}
    >
      {() => (
        <>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid="orders-in-progress-count">
            {n(orders.data!.count)}
          </Typography>
          <Rows
            rows={orders.data!.items.map((o) => ({
              key: o.id,
              to: `/admin/bdc/${o.id}`,
              primary: o.number,
              secondary: `${o.supplierName} — ${formatDate(o.orderDate, language)} — ${formatMoney(o.totalNet, language)}`,
            }))}
          />
        </>
      )}
    </Panel>
  );
};

/** Purchases excluding tax of the last 12 months. */
export const PurchasesPerMonthPanel = ({ idClient }: { idClient: string }) => {
  const { t, language, n } = useFormats();
  const months = usePurchasesPerMonthQuery(idClient);
  return (
    <Panel
      title={t('dashboard.purchasesPerMonth')}
      caption={t('dashboard.last12Months')}
      testId="purchases-per-month"
      state={months}
      size={{ xs: 12, lg: 8 }}
      skeletonHeight={220}
      link={{ to: '/admin/bdc', label: t('dashboard.seeAll') }}
    >
      {() => {
        const data = months.data!;
        return (
          <BarChart
            height={220}
            xAxis={[
              {
                scaleType: 'band',
                data: data.map((m) => m.month),
                valueFormatter: (month: string) => formatMonth(month, language),
              },
            ]}
            yAxis={[{ valueFormatter: (value: number) => n(value) }]}
            series={[
              {
                data: data.map((m) => Number(m.amount)),
                label: t('dashboard.amountExclTax'),
                valueFormatter: (_v, { dataIndex }) => formatMoney(data[dataIndex]!.amount, language),
              },
            ]}
            hideLegend
          />
        );
      }}
    </Panel>
  );
};

/** The five suppliers of the most units ordered in the period; each leads to its orders. */
export const TopSuppliersPanel = ({
  idClient,
  period,
  caption,
}: {
  idClient: string;
  period: Period;
  caption: string;
}) => {
  const { t, n } = useFormats();
  const suppliers = useTopSuppliersQuery({ idClient, ...period });
  return (
    <Panel title={t('dashboard.topSuppliers')} caption={caption} testId="top-suppliers" state={suppliers}>
      {() => (
        <Rows
          rows={suppliers.data!.map((s) => ({
            key: s.supplierId,
            to: `/admin/bdc?supplierId=${s.supplierId}`,
            primary: s.supplierName,
            secondary: t('dashboard.units', { count: s.quantity, n: n(s.quantity) }),
          }))}
          empty={{ text: t('dashboard.noPurchases'), testId: 'top-suppliers-empty' }}
        />
      )}
    </Panel>
  );
};

/** Units ordered in the period and how many arrived (the purchase overview). */
export const PurchaseOverviewPanel = ({
  idClient,
  period,
  caption,
}: {
  idClient: string;
  period: Period;
  caption: string;
}) => {
  const { t, n } = useFormats();
  const quantity = usePurchasedQuantityQuery({ idClient, ...period });
  return (
    <Panel
      title={t('dashboard.purchaseOverview')}
      caption={caption}
      testId="purchase-overview"
      state={quantity}
      link={{ to: '/admin/bdc', label: t('dashboard.seeAll') }}
    >
      {() => {
        const { ordered, received } = quantity.data!;
        const share = ordered > 0 ? Math.min(100, (received / ordered) * 100) : 0;
        return (
          <>
            <Typography variant="body2" data-testid="purchased-quantity">
              {t('dashboard.purchasedQuantity', { ordered: n(ordered), received: n(received) })}
            </Typography>
            <Box
              role="meter"
              aria-label={t('dashboard.receivedShare')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(share)}
              sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}
            >
              <Box sx={{ width: `${share}%`, height: '100%', bgcolor: 'primary.main' }} />
            </Box>
          </>
        );
      }}
    </Panel>
  );
};

/** References on the most orders, all time. */
export const MostOrderedPanel = ({ idClient }: { idClient: string }) => {
  const { t, n } = useFormats();
  const references = useRepeatedReferencesQuery(idClient);
  return (
    <Panel
      title={t('dashboard.mostOrdered')}
      caption={t('dashboard.allOrders')}
      testId="most-ordered"
      state={references}
      bodyMaxHeight={260}
    >
      {() => (
        <Rows
          rows={references.data!.map((r) => ({
            key: r.reference,
            primary: `${r.reference} — ${r.designation}`,
            secondary: (
              <>
                {/* What it ranks by first, the units after. */}
                <strong>{t('dashboard.orderCount', { count: r.orders, n: n(r.orders) })}</strong>
                {` — ${t('dashboard.units', { count: r.quantity, n: n(r.quantity) })}`}
              </>
            ),
          }))}
          empty={{ text: t('dashboard.noPurchases'), testId: 'most-ordered-empty' }}
        />
      )}
    </Panel>
  );
};

/** Validated outputs of the period per reason (the output overview); each reason leads to its outputs. */
export const OutputOverviewPanel = ({
  idClient,
  period,
  caption,
}: {
  idClient: string;
  period: Period;
  caption: string;
}) => {
  const { t, language, n } = useFormats();
  const overview = useMotifsOverviewQuery({ idClient, ...period });
  const counts = (row: { outputs: number; units: number }) =>
    `${t('outputs.outputCount', { count: row.outputs, n: n(row.outputs) })} — ${t('dashboard.units', { count: row.units, n: n(row.units) })}`;
  return (
    <Panel
      title={t('dashboard.outputOverview')}
      caption={caption}
      testId="motifs-overview"
      state={overview}
      bodyMaxHeight={260}
      link={{ to: '/admin/outputs', label: t('dashboard.seeAll') }}
    >
      {() => {
        const data = overview.data!;
        const most = Math.max(1, ...data.byReason.map((r) => r.units));
        return (
          <>
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="motifs-total">
              {t('outputs.motifs.total', {
                counts: counts(data),
                start: formatDate(data.startDate, language),
                end: formatDate(data.endDate, language),
              })}
            </Typography>
            {data.byReason.length === 0 && <Nothing text={t('outputs.motifs.noOutputs')} testId="motifs-empty" />}
            <List dense disablePadding>
              {data.byReason.map((reason) => (
                <ListItem key={reason.reasonId} disableGutters sx={{ display: 'block' }}>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/admin/outputs?reasonId=${reason.reasonId}`}>
                        {reason.reasonLabel}
                      </Link>
                    }
                    secondary={counts(reason)}
                  />
                  <Box
                    aria-hidden
                    sx={{
                      height: 4,
                      borderRadius: 2,
                      bgcolor: 'primary.main',
                      width: `${(reason.units / most) * 100}%`,
                    }}
                  />
                </ListItem>
              ))}
            </List>
          </>
        );
      }}
    </Panel>
  );
};
