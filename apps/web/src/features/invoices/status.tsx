import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TInvoiceStatus, TPaymentLabel } from '@tagstock/contract';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { statusChip } from '../../components/StatusChip';
import { historyLabels } from '../logs/log-format';
import { PAYMENT_LABEL_COLORS, paymentLabelText } from './payment-label';

export const InvoiceStatusChip = statusChip<TInvoiceStatus>(
  { draft: 'info', issued: 'success', canceled: 'default' },
  'invoices.statuses',
  'invoice-status',
);

/** An invoice's payment label (SPEC §4): paid, overdue by N days, partial payments… */
export const PaymentLabelChip = ({ label }: { label: TPaymentLabel }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={PAYMENT_LABEL_COLORS[label.code]}
      label={paymentLabelText(t, label)}
      data-testid="payment-label"
    />
  );
};

/** Why the contract refuses to issue one invoice (it changed meanwhile, in another tab). */
export const REFUSAL_KEYS: Record<string, string> = { no_lines: 'invoices.problems.noLines' };

export const INVOICE_HISTORY: HistoryVocabulary = {
  events: 'invoices.events',
  statuses: { status: 'invoices.statuses', paymentType: 'invoices.paymentTypes' },
  labels: historyLabels('invoice'),
  title: 'invoices.history',
  empty: 'invoices.noHistory',
};
