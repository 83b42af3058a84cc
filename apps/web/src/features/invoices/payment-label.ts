import type { ChipProps } from '@mui/material/Chip';
import type { TPaymentLabel, TPaymentLabelCode } from '@tagstock/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * An invoice's payment label (SPEC §4) as the user reads it: "Overdue by 12 days", "5 days left"… from the code
 * and the days the server computed. Without its days, the label's own name (the filter's).
 */
export const paymentLabelText = (t: Translate, label: TPaymentLabel): string => {
  const { code, days } = label;
  if ((code === 'overdue' || code === 'days_left') && days !== undefined)
    return t(`invoices.paymentLabels.${code}`, { count: days });
  return t(`invoices.paymentLabelFilters.${code}`);
};

/** Red when late, amber when soon due or partly paid, green when paid. */
export const PAYMENT_LABEL_COLORS: Record<TPaymentLabelCode, NonNullable<ChipProps['color']>> = {
  paid: 'success',
  overdue: 'error',
  on_account: 'info',
  partial: 'warning',
  due_soon: 'warning',
  days_left: 'default',
};
