import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import { useInvoicedVsPaidQuery, useLateInvoicesQuery, usePartiallyPaidQuery } from '../invoices/api';
import { Nothing, Panel, Rows } from './Panel';
import type { Period } from './period';

/** The share of `part` in `whole`, in percent, for a meter (display only). */
export const share = (part: string, whole: string) => {
  const w = Number(whole);
  return w > 0 ? Math.min(100, (Number(part) / w) * 100) : 0;
};

type Props = { idClient: string; period: Period; caption: string };

/** Paid against invoiced, excluding tax, of the invoices issued in the period. */
export const PaidVsInvoicedPanel = ({ idClient, period, caption }: Props) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const invoiced = useInvoicedVsPaidQuery({ idClient, ...period });
  const money = (amount: string) => formatMoney(amount, language);
  return (
    <Panel
      title={t('dashboard.paidVsInvoiced')}
      caption={caption}
      testId="paid-vs-invoiced"
      state={invoiced}
      link={{ to: '/admin/invoices', label: t('dashboard.seeAll') }}
    >
      {() => {
        const data = invoiced.data!;
        const paid = share(data.paidNet, data.invoicedNet);
        return (
          <>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid="paid-net">
              {t('dashboard.paidOfInvoiced', { paid: money(data.paidNet), invoiced: money(data.invoicedNet) })}
            </Typography>
            {/* A share of a whole, not a task going on: a meter (a progress bar reads as "still loading"). */}
            <Box
              role="meter"
              aria-label={t('dashboard.paidVsInvoiced')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(paid)}
              sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}
            >
              <Box sx={{ width: `${paid}%`, height: '100%', bgcolor: 'primary.main' }} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.invoiceCount', { count: data.invoices, n: formatNumber(data.invoices, language) })}
              {` — ${t('dashboard.grossPaid', { paid: money(data.paidGross), invoiced: money(data.invoicedGross) })}`}
            </Typography>
          </>
        );
      }}
    </Panel>
  );
};

/** Invoices of the period paid in part: how many, what was paid and what is left. */
export const PartialPaymentsPanel = ({ idClient, period, caption }: Props) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const partial = usePartiallyPaidQuery({ idClient, ...period });
  const money = (amount: string) => formatMoney(amount, language);
  return (
    <Panel
      title={t('dashboard.partialPayments')}
      caption={caption}
      testId="partial-payments"
      state={partial}
      link={{ to: '/admin/invoices?paymentLabel=partial', label: t('dashboard.seeList') }}
    >
      {() => (
        <>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600 }} data-testid="partial-count">
            {formatNumber(partial.data!.count, language)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.partialAmounts', {
              paid: money(partial.data!.amountPaid),
              due: money(partial.data!.amountDue),
            })}
          </Typography>
        </>
      )}
    </Panel>
  );
};

/** The oldest late invoices of the period, with what is left to pay. */
export const LateInvoicesPanel = ({ idClient, period, caption }: Props) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const late = useLateInvoicesQuery({ idClient, ...period });
  const money = (amount: string) => formatMoney(amount, language);
  return (
    <Panel
      title={t('dashboard.lateInvoices')}
      caption={caption}
      testId="late-invoices"
      state={late}
      bodyMaxHeight={240}
      link={{ to: '/admin/invoices?paymentLabel=overdue', label: t('dashboard.seeList') }}
    >
      {() =>
        late.data!.count === 0 ? (
          <Nothing text={t('dashboard.noLateInvoices')} testId="late-total" />
        ) : (
          <>
            <Typography variant="body2" data-testid="late-total">
              {t('dashboard.lateTotal', {
                count: late.data!.count,
                n: formatNumber(late.data!.count, language),
                due: money(late.data!.amountDue),
              })}
            </Typography>
            <Rows
              rows={late.data!.items.map((invoice) => ({
                key: invoice.id,
                to: `/admin/invoices/${invoice.id}`,
                primary: invoice.number,
                secondary: `${invoice.customerName} — ${t('invoices.paymentLabels.overdue', { count: invoice.daysLate })} — ${money(invoice.amountDue)} (${formatDate(invoice.dueDate, language)})`,
              }))}
            />
          </>
        )
      }
    </Panel>
  );
};
