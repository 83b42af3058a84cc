import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import EuroIcon from '@mui/icons-material/EuroOutlined';
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setStockQuantity, setStockValorisation } from '../../app/dashboard-slice';
import { useStockSummaryQuery } from '../articles/api';
import { formatEuros, formatQuantity } from './format';
import { RfidOverviewCard } from '../rfid/RfidOverviewCard';
import { useHasPermission } from '../../components/use-permission';
import { MotifsCard } from '../outputs/MotifsCard';
import { InvoicingDashboardCard } from '../invoices/InvoicingDashboardCard';
import { PurchaseDashboardCard } from './PurchaseDashboardCard';
import { DeliveriesDashboardCard } from './DeliveriesDashboardCard';
import { InventoryDashboardCard } from './InventoryDashboardCard';

const StatCard = ({
  label,
  value,
  icon,
  testId,
  live,
  action,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  testId: string;
  live: boolean;
  action?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Card sx={{ flex: 1, minWidth: 240 }}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(30,58,95,0.08)',
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
          {live && <Chip size="small" color="success" variant="outlined" label={t('dashboard.live')} />}
        </Stack>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId} sx={{ fontWeight: 600, mt: 0.5 }}>
          {value}
        </Typography>
        {action}
      </CardContent>
    </Card>
  );
};

export const DashboardPage = () => {
  const { t, i18n } = useTranslation();
  const tenantName = useAppSelector((s) => s.authentification.loggedInUser?.tenantName ?? '');
  const idClient = useAppSelector((s) => s.authentification.loggedInUser?.IDClient ?? null);
  const { stockQuantity, stockValorisation, readerDisconnected } = useAppSelector((s) => s.dashboard);
  const dispatch = useAppDispatch();
  const canReadPurchases = useHasPermission('purchaseOrders.read');
  const canReadOutputs = useHasPermission('outputs.read');
  const canReadInvoices = useHasPermission('invoices.read');
  const canReadDeliveries = useHasPermission('deliveryNotes.read');
  const canReadInventories = useHasPermission('inventories.read');
  const language = i18n.resolvedLanguage ?? 'en';
  // Initial figures from the API; the socket's send_notification keeps them live afterwards.
  const { data: summary } = useStockSummaryQuery(idClient ?? '', { skip: !idClient, refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (!summary) return;
    dispatch(setStockQuantity(summary.totalQuantity));
    dispatch(setStockValorisation(summary.totalValorization));
  }, [summary, dispatch]);
  const waiting = stockQuantity === null && stockValorisation === null;

  return (
    <Box>
      <Typography variant="h5" component="h1">
        {t('dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="tenant-name">
        {tenantName}
      </Typography>
      {readerDisconnected && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('dashboard.readerOffline')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <StatCard
          label={t('dashboard.stockQuantity')}
          value={formatQuantity(stockQuantity, language)}
          icon={<InventoryIcon />}
          testId="stock-quantity"
          live={stockQuantity !== null}
        />
        <StatCard
          label={t('dashboard.stockValorisation')}
          value={formatEuros(stockValorisation, language)}
          icon={<EuroIcon />}
          testId="stock-valorisation"
          live={stockValorisation !== null}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mt: 3 }}>
        <StatCard
          label={t('dashboard.articleCount')}
          value={formatQuantity(summary?.articleCount ?? null, language)}
          icon={<CategoryIcon />}
          testId="article-count"
          live={false}
          action={
            <Button component={RouterLink} to="/admin/articles" size="small" sx={{ mt: 1, ml: -1 }}>
              {t('dashboard.seeArticles')}
            </Button>
          }
        />
        <StatCard
          label={t('dashboard.stockAlertCount')}
          value={formatQuantity(summary?.stockAlertCount ?? null, language)}
          icon={<WarningIcon />}
          testId="stock-alert-count"
          live={false}
          action={
            <Button component={RouterLink} to="/admin/stockAlerts" size="small" sx={{ mt: 1, ml: -1 }}>
              {t('dashboard.seeStockAlerts')}
            </Button>
          }
        />
      </Stack>
      {idClient && <RfidOverviewCard idClient={idClient} />}
      {idClient && canReadPurchases && <PurchaseDashboardCard idClient={idClient} />}
      {idClient && canReadInvoices && <InvoicingDashboardCard idClient={idClient} />}
      {idClient && canReadDeliveries && <DeliveriesDashboardCard idClient={idClient} />}
      {idClient && canReadOutputs && <MotifsCard idClient={idClient} testId="output-dashboard" />}
      {idClient && canReadInventories && <InventoryDashboardCard idClient={idClient} />}
      {waiting && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('dashboard.waiting')}
        </Typography>
      )}
    </Box>
  );
};
