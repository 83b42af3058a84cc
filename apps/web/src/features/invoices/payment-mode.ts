import type { TInvoice, TPaymentMode, TPaymentType } from '@tagstock/contract';

/**
 * The payment modes' UNCL 4461 codes (Factur-X BT-81, as the API writes an invoice's means of payment) that pay as
 * a means of payment says, best first: a SEPA transfer is a transfer (the default "Virement" is 30).
 */
const MODE_CODES: Record<TPaymentType, readonly string[]> = {
  sepa_transfer: ['58', '30'],
  transfer: ['30', '58'],
  direct_debit: ['59', '49'],
  card: ['48', '54', '55'],
  cheque: ['20'],
  cash: ['10'],
};

/**
 * The payment mode a payment of the invoice starts with: the invoice's own, else the tenant's active mode that
 * pays as its means of payment says (a SEPA transfer: "Virement"); '' when none does.
 */
export const paymentModeFor = (
  invoice: Pick<TInvoice, 'paymentModeId' | 'paymentType'>,
  modes: readonly Pick<TPaymentMode, 'id' | 'code' | 'active'>[] | undefined,
): string => {
  if (invoice.paymentModeId !== null) return String(invoice.paymentModeId);
  for (const code of MODE_CODES[invoice.paymentType]) {
    const mode = modes?.find((m) => m.active && m.code === code);
    if (mode) return String(mode.id);
  }
  return '';
};
