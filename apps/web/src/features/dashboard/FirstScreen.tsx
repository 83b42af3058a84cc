import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setStockQuantity, setStockValorisation } from '../../app/dashboard-slice';
import { formatDate, formatNumber } from '../../components/format';
import { useHasPermission } from '../../components/use-permission';
import { articlesApi, useStockSummaryQuery } from '../articles/api';
import {
  useDeliveriesClientsTodayQuery,
  useDeliveriesInvoicesTodayQuery,
  useDeliveriesLateQuery,
} from '../deliveries/api';
import { notePath, notesListPath } from '../deliveries/deliveries';
import { useLateInvoicesQuery } from '../invoices/api';
import { useTagsOverviewQuery } from '../rfid/api';
import { formatEuros, formatQuantity } from './format';
import { Nothing, Panel, Rows, Tile, type GridSize } from './Panel';
import type { Period } from './period';

const LIST = { xs: 12, sm: 6, lg: 3 } satisfies GridSize;
const LIST_HEIGHT = 210;
/** The stock alerts shown on the dashboard; the list behind has them all. */
const ALERTS_SHOWN = 8;

const useLanguage = () => {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? 'en';
};

/**
 * The live stock figures: the API's summary first, then the socket's send_notification (SPEC §7) through the
 * `dashboard` slice, which the tiles read.
 */
export const StockTiles = ({ idClient }: { idClient: string }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const { stockQuantity, stockValorisation } = useAppSelector((s) => s.dashboard);
  const summary = useStockSummaryQuery(idClient, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (!summary.data) return;
    dispatch(setStockQuantity(summary.data.totalQuantity));
    dispatch(setStockValorisation(summary.data.totalValorization));
  }, [summary.data, dispatch]);
  // A figure the socket already brought stands even when the summary failed.
  const live = (value: number | null) =>
    value === null ? summary : { ...summary, isLoading: false, isError: false, data: value };
  const alerts = summary.data?.stockAlertCount ?? 0;
  return (
    <>
      <Tile
        label={t('dashboard.stockQuantity')}
        testId="stock-quantity-tile"
        valueTestId="stock-quantity"
        state={live(stockQuantity)}
        value={() => formatQuantity(stockQuantity, language)}
        live={stockQuantity !== null}
        link={
          summary.data
            ? {
                to: '/admin/articles',
                testId: 'article-count',
                label: t('dashboard.ofArticles', {
                  count: summary.data.articleCount,
                  n: formatNumber(summary.data.articleCount, language),
                }),
              }
            : undefined
        }
      />
      <Tile
        label={t('dashboard.stockValorisation')}
        testId="stock-valorisation-tile"
        valueTestId="stock-valorisation"
        state={live(stockValorisation)}
        value={() => formatEuros(stockValorisation, language)}
        live={stockValorisation !== null}
      />
      <Tile
        label={t('dashboard.stockAlertCount')}
        testId="stock-alert-tile"
        valueTestId="stock-alert-count"
        state={summary}
        value={() => formatNumber(alerts, language)}
        tone={alerts > 0 ? 'warning' : undefined}
        link={{ to: '/admin/stockAlerts', label: t('dashboard.seeStockAlerts') }}
      />
    </>
  );
};

/** Deliveries whose planned date has passed, not delivered: the figure of the first row. */
export const LateDeliveriesTile = ({ idClient }: { idClient: string }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const late = useDeliveriesLateQuery(idClient);
  const count = late.data?.count ?? 0;
  return (
    <Tile
      label={t('deliveries.dashboard.late')}
      testId="late-deliveries-tile"
      valueTestId="late-deliveries-count"
      state={late}
      value={() => formatNumber(count, language)}
      tone={count > 0 ? 'error' : undefined}
      link={{ to: notesListPath({ late: true }), label: t('dashboard.seeList') }}
    />
  );
};

/** Invoices of the period past their due date and not fully paid. */
export const LateInvoicesTile = ({ idClient, period }: { idClient: string; period: Period }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const late = useLateInvoicesQuery({ idClient, ...period });
  const count = late.data?.count ?? 0;
  return (
    <Tile
      label={t('dashboard.lateInvoices')}
      testId="late-invoices-tile"
      valueTestId="late-invoices-count"
      state={late}
      value={() => formatNumber(count, language)}
      tone={count > 0 ? 'error' : undefined}
      link={{ to: '/admin/invoices?paymentLabel=overdue', label: t('dashboard.seeList') }}
    />
  );
};

/** Exits without authorization over the period (tags overview). */
export const UnauthorizedExitsTile = ({ idClient, period }: { idClient: string; period: Period }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const canReadTags = useHasPermission('tags.read');
  const overview = useTagsOverviewQuery({ idClient, ...period });
  const count = overview.data?.movements.unauthorized ?? 0;
  return (
    <Tile
      label={t('dashboard.unauthorized')}
      testId="unauthorized-tile"
      valueTestId="rfid-unauthorized"
      state={overview}
      value={() => formatNumber(count, language)}
      tone={count > 0 ? 'error' : undefined}
      link={canReadTags ? { to: '/admin/tagLogs?unauthorized=true', label: t('dashboard.seeList') } : undefined}
    />
  );
};

/** The articles at or under their alert threshold, the lowest stock first (users with `articles.read`). */
export const StockAlertsPanel = () => {
  const { t } = useTranslation();
  const language = useLanguage();
  const alerts = articlesApi.useList({ page: 1, limit: ALERTS_SHOWN, sort: 'quantity:asc', stockAlert: true });
  return (
    <Panel
      title={t('dashboard.stockAlerts')}
      testId="stock-alerts"
      state={alerts}
      size={LIST}
      bodyMaxHeight={LIST_HEIGHT}
      link={{ to: '/admin/stockAlerts', label: t('dashboard.seeAll') }}
    >
      {() => (
        <Rows
          rows={alerts.data!.items.map((article) => ({
            key: article.id,
            to: `/admin/articles/${article.id}`,
            primary: `${article.reference} — ${article.designation}`,
            secondary: t('dashboard.stockOfAlert', {
              quantity: formatNumber(article.quantity, language),
              alert: formatNumber(article.stockAlert, language),
            }),
          }))}
          empty={{ text: t('dashboard.noStockAlerts'), testId: 'stock-alerts-empty' }}
        />
      )}
    </Panel>
  );
};

const useDeliveryCounts = () => {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (row: { deliveryNotes: number; units: number }) =>
    `${t('deliveries.dashboard.noteCount', { count: row.deliveryNotes, n: n(row.deliveryNotes) })} — ${t('dashboard.units', { count: row.units, n: n(row.units) })}`;
};

/** The customers with delivery notes planned today; each leads to its notes. */
export const CustomersToDeliverPanel = ({ idClient }: { idClient: string }) => {
  const { t } = useTranslation();
  const counts = useDeliveryCounts();
  const customers = useDeliveriesClientsTodayQuery(idClient);
  return (
    <Panel
      title={t('deliveries.dashboard.customersToday')}
      testId="customers-to-deliver"
      state={customers}
      size={LIST}
      bodyMaxHeight={LIST_HEIGHT}
      link={{ to: '/admin/deliveryNotes', label: t('dashboard.seeAll') }}
    >
      {() => (
        <Rows
          rows={customers.data!.map((customer) => ({
            key: customer.customerId,
            to: notesListPath({ customerId: customer.customerId }),
            primary: customer.customerName,
            secondary: counts(customer),
          }))}
          empty={{ text: t('deliveries.dashboard.noCustomersToday'), testId: 'customers-to-deliver-empty' }}
        />
      )}
    </Panel>
  );
};

/** Delivery notes whose planned date has passed, the oldest first. */
export const LateDeliveriesPanel = ({ idClient }: { idClient: string }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  const late = useDeliveriesLateQuery(idClient);
  return (
    <Panel
      title={t('deliveries.dashboard.late')}
      testId="late-deliveries"
      state={late}
      size={LIST}
      bodyMaxHeight={LIST_HEIGHT}
      link={{ to: notesListPath({ late: true }), label: t('dashboard.seeList') }}
    >
      {() =>
        late.data!.count === 0 ? (
          <Nothing text={t('deliveries.dashboard.noLate')} testId="late-deliveries-empty" />
        ) : (
          <>
            <Typography variant="body2" data-testid="late-deliveries-total">
              {t('deliveries.dashboard.lateTotal', { count: late.data!.count, n: n(late.data!.count) })}
            </Typography>
            <Rows
              rows={late.data!.items.map((note) => ({
                key: note.id,
                to: notePath(note.id),
                primary: note.number ?? t('deliveries.draftNote', { id: note.id }),
                secondary: `${note.customerName} — ${t('deliveries.dashboard.daysLate', { count: note.daysLate, n: n(note.daysLate) })} (${formatDate(note.plannedDate, language)})`,
              }))}
            />
          </>
        )
      }
    </Panel>
  );
};

/** The invoices with delivery notes planned today. */
export const InvoicesToDeliverPanel = ({ idClient }: { idClient: string }) => {
  const { t } = useTranslation();
  const counts = useDeliveryCounts();
  const invoices = useDeliveriesInvoicesTodayQuery(idClient);
  return (
    <Panel
      title={t('deliveries.dashboard.invoicesToday')}
      testId="invoices-to-deliver"
      state={invoices}
      size={LIST}
      bodyMaxHeight={LIST_HEIGHT}
      link={{ to: '/admin/deliveryNotes', label: t('dashboard.seeAll') }}
    >
      {() => (
        <Rows
          rows={invoices.data!.map((invoice) => ({
            key: invoice.invoiceId,
            to: `/admin/invoices/${invoice.invoiceId}`,
            primary: invoice.invoiceNumber ?? t('invoices.titleDraft'),
            secondary: `${invoice.customerName} — ${counts(invoice)}`,
          }))}
          empty={{ text: t('deliveries.dashboard.noInvoicesToday'), testId: 'invoices-to-deliver-empty' }}
        />
      )}
    </Panel>
  );
};
