import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import { lastDays, PeriodCard, Widget, type PeriodDays } from '../dashboard/widgets';
import { useInvoicedVsPaidQuery, useLateInvoicesQuery, usePartiallyPaidQuery } from './api';

/** The share of `part` in `whole`, in percent, for a progress bar (display only). */
const share = (part: string, whole: string) => {
  const w = Number(whole);
  return w > 0 ? Math.min(100, (Number(part) / w) * 100) : 0;
};

/**
 * Invoicing at a glance (users with `invoices.read`, SPEC §7): paid against invoiced excluding tax, partial
 * payments and late invoices, for the invoices issued in the period chosen.
 */
export const InvoicingDashboardCard = ({ idClient }: { idClient: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [days, setDays] = useState<PeriodDays>(30);
  const period = { idClient, ...lastDays(days) };
  const { data: invoiced } = useInvoicedVsPaidQuery(period);
  const { data: partial } = usePartiallyPaidQuery(period);
  const { data: late } = useLateInvoicesQuery(period);
  const money = (amount: string) => formatMoney(amount, language);
  const caption = t('dashboard.invoicesIssuedOverLastDays', { count: days });

  return (
    <PeriodCard title={t('dashboard.invoicing')} days={days} onDays={setDays} testId="invoicing-dashboard">
      <Widget title={t('dashboard.paidVsInvoiced')} caption={caption} testId="paid-vs-invoiced">
        {invoiced && (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="paid-net">
              {t('dashboard.paidOfInvoiced', { paid: money(invoiced.paidNet), invoiced: money(invoiced.invoicedNet) })}
            </Typography>
            {/* A share of a whole, not a task going on: a meter (a progress bar reads as "still loading"). */}
            <Box
              role="meter"
              aria-label={t('dashboard.paidVsInvoiced')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share(invoiced.paidNet, invoiced.invoicedNet)}
              sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}
            >
              <Box
                sx={{
                  width: `${share(invoiced.paidNet, invoiced.invoicedNet)}%`,
                  height: '100%',
                  bgcolor: 'primary.main',
                }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.invoiceCount', { count: invoiced.invoices, n: formatNumber(invoiced.invoices, language) })}
              {` — ${t('dashboard.grossPaid', { paid: money(invoiced.paidGross), invoiced: money(invoiced.invoicedGross) })}`}
            </Typography>
          </>
        )}
      </Widget>
      <Widget title={t('dashboard.partialPayments')} caption={caption} testId="partial-payments">
        {partial && (
          <>
            <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="partial-count">
              {formatNumber(partial.count, language)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.partialAmounts', { paid: money(partial.amountPaid), due: money(partial.amountDue) })}
            </Typography>
            {partial.count > 0 && (
              <Link component={RouterLink} to="/admin/invoices?paymentLabel=partial" variant="body2">
                {t('dashboard.seePartial')}
              </Link>
            )}
          </>
        )}
      </Widget>
      <Widget title={t('dashboard.lateInvoices')} caption={caption} testId="late-invoices">
        {late && (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="late-total">
              {late.count === 0
                ? t('dashboard.noLateInvoices')
                : t('dashboard.lateTotal', {
                    count: late.count,
                    n: formatNumber(late.count, language),
                    due: money(late.amountDue),
                  })}
            </Typography>
            <List dense disablePadding>
              {late.items.map((invoice) => (
                <ListItem key={invoice.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/admin/invoices/${invoice.id}`}>
                        {invoice.number}
                      </Link>
                    }
                    secondary={`${invoice.customerName} — ${t('invoices.paymentLabels.overdue', { count: invoice.daysLate })} — ${money(invoice.amountDue)} (${formatDate(invoice.dueDate, language)})`}
                  />
                </ListItem>
              ))}
            </List>
            {late.count > late.items.length && (
              <Link component={RouterLink} to="/admin/invoices?paymentLabel=overdue" variant="body2">
                {t('dashboard.seeLate')}
              </Link>
            )}
          </Box>
        )}
      </Widget>
    </PeriodCard>
  );
};
