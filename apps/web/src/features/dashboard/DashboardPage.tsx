import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { formatDate } from '../../components/format';
import { useHasPermission } from '../../components/use-permission';
import {
  CustomersToDeliverPanel,
  InvoicesToDeliverPanel,
  LateDeliveriesPanel,
  LateDeliveriesTile,
  LateInvoicesTile,
  StockAlertsPanel,
  StockTiles,
  UnauthorizedExitsTile,
} from './FirstScreen';
import { CategoryGapsPanel, TheoreticalVsActualPanel, TopAttributionGapsPanel } from './InventoryWidgets';
import { PeriodBar } from './PeriodBar';
import { DEFAULT_PRESET, periodFromSearch, presetOf, type Period } from './period';
import {
  MostOrderedPanel,
  OrdersInProgressPanel,
  OutputOverviewPanel,
  PurchaseOverviewPanel,
  PurchasesPerMonthPanel,
  TopSuppliersPanel,
} from './PurchaseWidgets';
import { LateInvoicesPanel, PaidVsInvoicedPanel, PartialPaymentsPanel } from './SalesWidgets';
import { CategoryTagsPanel, NonActiveTagsPanel, TagsOverviewPanel } from './TagWidgets';

/**
 * `/admin/dashboard`: every widget of SPEC §2 on its own (each loads, fails and retries alone). The first screen holds
 * the live stock figures, the alerts, what to deliver today and what is late; the charts and lists follow. The period
 * (in the URL, the last 30 days when absent) feeds the widgets that take one. A widget whose data the user may not
 * read is not shown.
 */
export const DashboardPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const tenantName = useAppSelector((s) => s.authentification.loggedInUser?.tenantName ?? '');
  const idClient = useAppSelector((s) => s.authentification.loggedInUser?.IDClient ?? null);
  const readerDisconnected = useAppSelector((s) => s.dashboard.readerDisconnected);
  const can = {
    articles: useHasPermission('articles.read'),
    purchases: useHasPermission('purchaseOrders.read'),
    outputs: useHasPermission('outputs.read'),
    invoices: useHasPermission('invoices.read'),
    deliveries: useHasPermission('deliveryNotes.read'),
    inventories: useHasPermission('inventories.read'),
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const period = useMemo(() => periodFromSearch(searchParams), [searchParams]);
  const setPeriod = useCallback(
    (next: Period) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          // The default period stays out of the URL.
          if (presetOf(next) === DEFAULT_PRESET) {
            params.delete('startDate');
            params.delete('endDate');
          } else {
            params.set('startDate', next.startDate);
            params.set('endDate', next.endDate);
          }
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const preset = presetOf(period);
  const range = { start: formatDate(period.startDate, language), end: formatDate(period.endDate, language) };
  const caption = preset ? t('dashboard.overLastDays', { count: preset }) : t('dashboard.between', range);
  const invoicesCaption = preset
    ? t('dashboard.invoicesIssuedOverLastDays', { count: preset })
    : t('dashboard.invoicesIssuedBetween', range);

  if (!idClient) return null;
  const periodProps = { idClient, period, caption };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 1.5, mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {t('dashboard.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="tenant-name">
            {tenantName}
          </Typography>
        </Box>
        <PeriodBar period={period} onChange={setPeriod} />
      </Stack>
      {readerDisconnected && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('dashboard.readerOffline')}
        </Alert>
      )}
      <Grid container spacing={2} data-testid="dashboard-first-screen">
        <StockTiles idClient={idClient} />
        {can.deliveries && <LateDeliveriesTile idClient={idClient} />}
        {can.invoices && <LateInvoicesTile idClient={idClient} period={period} />}
        <UnauthorizedExitsTile idClient={idClient} period={period} />
        {can.articles && <StockAlertsPanel />}
        {can.deliveries && <CustomersToDeliverPanel idClient={idClient} />}
        {can.deliveries && <LateDeliveriesPanel idClient={idClient} />}
        {can.deliveries && <InvoicesToDeliverPanel idClient={idClient} />}
      </Grid>
      <Grid container spacing={2} sx={{ mt: 2 }} data-testid="dashboard-details">
        {can.invoices && (
          <>
            <PaidVsInvoicedPanel {...periodProps} caption={invoicesCaption} />
            <PartialPaymentsPanel {...periodProps} caption={invoicesCaption} />
            <LateInvoicesPanel {...periodProps} caption={invoicesCaption} />
          </>
        )}
        {can.purchases && (
          <>
            <PurchasesPerMonthPanel idClient={idClient} />
            <OrdersInProgressPanel idClient={idClient} />
            <PurchaseOverviewPanel {...periodProps} />
            <TopSuppliersPanel {...periodProps} />
            <MostOrderedPanel idClient={idClient} />
          </>
        )}
        {can.outputs && <OutputOverviewPanel {...periodProps} />}
        {can.inventories && (
          <>
            <TheoreticalVsActualPanel idClient={idClient} />
            <TopAttributionGapsPanel idClient={idClient} />
            <CategoryGapsPanel idClient={idClient} />
          </>
        )}
        <TagsOverviewPanel {...periodProps} />
        <NonActiveTagsPanel idClient={idClient} />
        <CategoryTagsPanel idClient={idClient} />
      </Grid>
    </Box>
  );
};
