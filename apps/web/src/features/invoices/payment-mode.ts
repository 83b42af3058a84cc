import { PAYMENT_TYPE_CODES, type TInvoice, type TPaymentMode, type TPaymentType } from '@tagstock/contract';

/** Other UNCL 4461 codes that pay as a means of payment says: a SEPA transfer is a transfer (the default "Virement" is 30). */
const ALSO: Record<TPaymentType, readonly string[]> = {
  sepa_transfer: ['30'],
  transfer: ['58'],
  direct_debit: ['49'],
  card: ['54', '55'],
  cheque: [],
  cash: [],
};
/** The payment modes' codes that pay as a means of payment says, best first: the one the Factur-X states (BT-81). */
const modeCodes = (type: TPaymentType) => [PAYMENT_TYPE_CODES[type], ...ALSO[type]];

/**
 * The payment mode a payment of the invoice starts with: the invoice's own, else the tenant's active mode that
 * pays as its means of payment says (a SEPA transfer: "Virement"); '' when none does.
 */
export const paymentModeFor = (
  invoice: Pick<TInvoice, 'paymentModeId' | 'paymentType'>,
  modes: readonly Pick<TPaymentMode, 'id' | 'code' | 'active'>[] | undefined,
): string => {
  if (invoice.paymentModeId !== null) return String(invoice.paymentModeId);
  for (const code of modeCodes(invoice.paymentType)) {
    const mode = modes?.find((m) => m.active && m.code === code);
    if (mode) return String(mode.id);
  }
  return '';
};
