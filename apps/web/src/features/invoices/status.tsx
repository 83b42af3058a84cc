import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TInvoiceStatus, TPaymentLabel } from '@tagstock/contract';
import type { HistoryVocabulary } from '../../components/DocumentHistory';
import { statusChip } from '../../components/StatusChip';
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

/** The fields sales documents log (proformas, invoices, credit notes) and their names. */
export const SALES_HISTORY_LABELS: Record<string, string> = {
  status: 'fields.status',
  customerId: 'fields.customer',
  proformaDate: 'proformas.proformaDate',
  validUntil: 'proformas.validUntil',
  invoiceDate: 'invoices.invoiceDate',
  billingDate: 'invoices.billingDate',
  orderDate: 'invoices.orderDate',
  paymentTermDays: 'invoices.paymentTerm',
  paymentModeId: 'invoices.paymentMode',
  paymentType: 'invoices.paymentType',
  deliveryAddress: 'invoices.deliveryAddress',
  discount: 'documents.discount.title',
  notes: 'invoices.notes',
  lines: 'documents.lines',
  totalNet: 'purchaseOrders.totalNet',
  totalGross: 'invoices.totalGross',
  amountPaid: 'invoices.amountPaid',
  amountDue: 'invoices.amountDue',
  proforma: 'invoices.proforma',
  invoice: 'creditNotes.invoice',
  reason: 'creditNotes.reason',
};

export const INVOICE_HISTORY: HistoryVocabulary = {
  events: 'invoices.events',
  statuses: { status: 'invoices.statuses', paymentType: 'invoices.paymentTypes' },
  labels: SALES_HISTORY_LABELS,
  title: 'invoices.history',
  empty: 'invoices.noHistory',
};
