import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../components/format';
import {
  useDeliveriesClientsTodayQuery,
  useDeliveriesInvoicesTodayQuery,
  useDeliveriesLateQuery,
} from '../deliveries/api';
import { notePath, notesListPath } from '../deliveries/deliveries';
import { Empty, Widget, WidgetCard } from './widgets';

const THIRD = { xs: 12, md: 4 };

/**
 * Deliveries at a glance (users with `deliveryNotes.read`, SPEC §7): the customers to deliver today, the late
 * deliveries (planned date passed, not delivered) and the invoices to deliver today; each item leads to the
 * notes of the customer, the note, or the invoice.
 */
export const DeliveriesDashboardCard = ({ idClient }: { idClient: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, language);
  const { data: customers } = useDeliveriesClientsTodayQuery(idClient);
  const { data: late } = useDeliveriesLateQuery(idClient);
  const { data: invoices } = useDeliveriesInvoicesTodayQuery(idClient);
  const counts = (row: { deliveryNotes: number; units: number }) =>
    `${t('deliveries.dashboard.noteCount', { count: row.deliveryNotes, n: n(row.deliveryNotes) })} — ${t('dashboard.units', { count: row.units, n: n(row.units) })}`;

  return (
    <WidgetCard title={t('deliveries.title')} testId="deliveries-dashboard">
      <Widget title={t('deliveries.dashboard.customersToday')} testId="customers-to-deliver" size={THIRD}>
        {customers &&
          (customers.length === 0 ? (
            <Empty text={t('deliveries.dashboard.noCustomersToday')} testId="customers-to-deliver-empty" />
          ) : (
            <List dense disablePadding>
              {customers.map((customer) => (
                <ListItem key={customer.customerId} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={notesListPath({ customerId: customer.customerId })}>
                        {customer.customerName}
                      </Link>
                    }
                    secondary={counts(customer)}
                  />
                </ListItem>
              ))}
            </List>
          ))}
      </Widget>
      <Widget title={t('deliveries.dashboard.late')} testId="late-deliveries" size={THIRD}>
        {late &&
          (late.count === 0 ? (
            <Empty text={t('deliveries.dashboard.noLate')} testId="late-deliveries-empty" />
          ) : (
            <>
              <Typography variant="body2" sx={{ mb: 1 }} data-testid="late-deliveries-total">
                {t('deliveries.dashboard.lateTotal', { count: late.count, n: n(late.count) })}
              </Typography>
              <List dense disablePadding>
                {late.items.map((note) => (
                  <ListItem key={note.id} disableGutters>
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={notePath(note.id)}>
                          {note.number ?? t('deliveries.draftNote', { id: note.id })}
                        </Link>
                      }
                      secondary={`${note.customerName} — ${t('deliveries.dashboard.daysLate', { count: note.daysLate, n: n(note.daysLate) })} (${formatDate(note.plannedDate, language)})`}
                    />
                  </ListItem>
                ))}
              </List>
              <Link component={RouterLink} to={notesListPath({ late: true })} variant="body2">
                {t('deliveries.dashboard.seeLate')}
              </Link>
            </>
          ))}
      </Widget>
      <Widget title={t('deliveries.dashboard.invoicesToday')} testId="invoices-to-deliver" size={THIRD}>
        {invoices &&
          (invoices.length === 0 ? (
            <Empty text={t('deliveries.dashboard.noInvoicesToday')} testId="invoices-to-deliver-empty" />
          ) : (
            <List dense disablePadding>
              {invoices.map((invoice) => (
                <ListItem key={invoice.invoiceId} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/admin/invoices/${invoice.invoiceId}`}>
                        {invoice.invoiceNumber ?? t('invoices.titleDraft')}
                      </Link>
                    }
                    secondary={`${invoice.customerName} — ${counts(invoice)}`}
                  />
                </ListItem>
              ))}
            </List>
          ))}
      </Widget>
    </WidgetCard>
  );
};
