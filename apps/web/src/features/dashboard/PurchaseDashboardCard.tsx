import { useState } from 'react';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatMonth, formatNumber } from '../../components/format';
import {
  useBonDeCommandeEnCoursQuery,
  usePurchasedQuantityQuery,
  usePurchasesPerMonthQuery,
  useRepeatedReferencesQuery,
  useTopSuppliersQuery,
} from './purchase-api';
import { lastDays, PeriodCard, Widget, type PeriodDays } from './widgets';

/** Purchases at a glance (users with `purchaseOrders.read`): orders in progress, spend per month, suppliers, references. */
export const PurchaseDashboardCard = ({ idClient }: { idClient: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [days, setDays] = useState<PeriodDays>(30);
  const period = { idClient, ...lastDays(days) };
  const { data: inProgress } = useBonDeCommandeEnCoursQuery(idClient);
  const { data: months } = usePurchasesPerMonthQuery(idClient);
  const { data: suppliers } = useTopSuppliersQuery(period);
  const { data: quantity } = usePurchasedQuantityQuery(period);
  const { data: references } = useRepeatedReferencesQuery(idClient);
  const n = (value: number) => formatNumber(value, language);

  return (
    <PeriodCard title={t('dashboard.purchases')} days={days} onDays={setDays} testId="purchase-dashboard">
      <Widget title={t('dashboard.ordersInProgress')} testId="orders-in-progress">
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="orders-in-progress-count">
          {inProgress ? n(inProgress.count) : '—'}
        </Typography>
        <List dense disablePadding>
          {inProgress?.items.map((o) => (
            <ListItem key={o.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/admin/bdc/${o.id}`}>
                    {o.number}
                  </Link>
                }
                secondary={`${o.supplierName} — ${formatDate(o.orderDate, language)} — ${formatMoney(o.totalNet, language)}`}
              />
            </ListItem>
          ))}
        </List>
      </Widget>
      <Widget
        title={t('dashboard.purchasesPerMonth')}
        caption={t('dashboard.last12Months')}
        testId="purchases-per-month"
      >
        {months && (
          <BarChart
            height={220}
            xAxis={[
              {
                scaleType: 'band',
                data: months.map((m) => m.month),
                valueFormatter: (month: string) => formatMonth(month, language),
              },
            ]}
            yAxis={[{ valueFormatter: (value: number) => formatNumber(value, language) }]}
            series={[
              {
                data: months.map((m) => Number(m.amount)),
                label: t('dashboard.amountExclTax'),
                valueFormatter: (_v, { dataIndex }) => formatMoney(months[dataIndex]!.amount, language),
              },
            ]}
            hideLegend
          />
        )}
      </Widget>
      <Widget
        title={t('dashboard.topSuppliers')}
        caption={t('dashboard.overLastDays', { count: days })}
        testId="top-suppliers"
      >
        <List dense disablePadding>
          {suppliers?.map((s) => (
            <ListItem key={s.supplierId} disableGutters>
              <ListItemText
                primary={s.supplierName}
                secondary={t('dashboard.units', { count: s.quantity, n: n(s.quantity) })}
              />
            </ListItem>
          ))}
        </List>
        {suppliers?.length === 0 && <Typography color="text.secondary">{t('dashboard.noPurchases')}</Typography>}
        {quantity && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="purchased-quantity">
            {t('dashboard.purchasedQuantity', { ordered: n(quantity.ordered), received: n(quantity.received) })}
          </Typography>
        )}
      </Widget>
      <Widget title={t('dashboard.mostOrdered')} caption={t('dashboard.allOrders')} testId="most-ordered">
        <List dense disablePadding>
          {references?.map((r) => (
            <ListItem key={r.reference} disableGutters>
              <ListItemText
                primary={`${r.reference} — ${r.designation}`}
                secondary={
                  <>
                    {/* What it ranks by first, the units after. */}
                    <strong>{t('dashboard.orderCount', { count: r.orders, n: n(r.orders) })}</strong>
                    {` — ${t('dashboard.units', { count: r.quantity, n: n(r.quantity) })}`}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
        {references?.length === 0 && <Typography color="text.secondary">{t('dashboard.noPurchases')}</Typography>}
      </Widget>
    </PeriodCard>
  );
};
