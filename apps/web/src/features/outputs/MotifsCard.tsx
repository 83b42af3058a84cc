import { useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TMotifsByClient } from '@tagstock/contract';
import { formatDate, formatNumber } from '../../components/format';
import { lastDays } from '../dashboard/period';
import { PeriodCard, Widget, type PeriodDays } from '../dashboard/widgets';
import { useMotifsByClientQuery, useMotifsOverviewQuery } from './api';

/** Customers shown in the reasons per customer; the others are counted. */
const CUSTOMERS_SHOWN = 10;

type CustomerReasons = { customerId: number; customerName: string; reasons: TMotifsByClient };

const byCustomer = (rows: TMotifsByClient): CustomerReasons[] => {
  const customers = new Map<number, CustomerReasons>();
  for (const row of rows) {
    const customer = customers.get(row.customerId) ?? {
      customerId: row.customerId,
      customerName: row.customerName,
      reasons: [],
    };
    customer.reasons.push(row);
    customers.set(row.customerId, customer);
  }
  return [...customers.values()];
};

/**
 * Why stock left (SPEC `motifs`, users with `outputs.read`): validated outputs per reason over the period chosen,
 * and the reasons of each customer's outputs since the start. On the dashboard and on the outputs page.
 */
export const MotifsCard = ({ idClient, testId }: { idClient: string; testId: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [days, setDays] = useState<PeriodDays>(30);
  const { data: overview } = useMotifsOverviewQuery({ idClient, ...lastDays(days) });
  const { data: byClient } = useMotifsByClientQuery(idClient);
  const n = (value: number) => formatNumber(value, language);
  const counts = (row: { outputs: number; units: number }) =>
    `${t('outputs.outputCount', { count: row.outputs, n: n(row.outputs) })} — ${t('dashboard.units', { count: row.units, n: n(row.units) })}`;
  const customers = byClient ? byCustomer(byClient) : undefined;
  const most = Math.max(1, ...(overview?.byReason.map((r) => r.units) ?? []));

  return (
    <PeriodCard title={t('outputs.motifs.title')} days={days} onDays={setDays} testId={testId}>
      <Widget
        title={t('outputs.motifs.byReason')}
        caption={t('dashboard.overLastDays', { count: days })}
        testId="motifs-overview"
      >
        {overview && (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="motifs-total">
            {t('outputs.motifs.total', {
              counts: counts(overview),
              start: formatDate(overview.startDate, language),
              end: formatDate(overview.endDate, language),
            })}
          </Typography>
        )}
        <List dense disablePadding>
          {overview?.byReason.map((reason) => (
            <ListItem key={reason.reasonId} disableGutters sx={{ display: 'block' }}>
              <ListItemText primary={reason.reasonLabel} secondary={counts(reason)} />
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
        {overview?.byReason.length === 0 && (
          <Typography color="text.secondary">{t('outputs.motifs.noOutputs')}</Typography>
        )}
      </Widget>
      <Widget title={t('outputs.motifs.byClient')} caption={t('outputs.motifs.allTime')} testId="motifs-by-client">
        <List dense disablePadding>
          {customers?.slice(0, CUSTOMERS_SHOWN).map((customer) => (
            <ListItem key={customer.customerId} disableGutters>
              <ListItemText
                primary={customer.customerName}
                secondary={customer.reasons
                  .map((reason) => `${reason.reasonLabel}${t('logs.labelSeparator')}${counts(reason)}`)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
        {customers && customers.length > CUSTOMERS_SHOWN && (
          <Typography variant="body2" color="text.secondary">
            {t('outputs.motifs.moreCustomers', { count: customers.length - CUSTOMERS_SHOWN })}
          </Typography>
        )}
        {customers?.length === 0 && (
          <Typography color="text.secondary">{t('outputs.motifs.noCustomerOutputs')}</Typography>
        )}
      </Widget>
    </PeriodCard>
  );
};
