import { Decimal } from 'decimal.js';

/** Price including tax from the pre-tax price and the VAT rate (percent), rounded half-up to the cent. */
export function priceWithTax(priceHt: string, vatRate: string): string {
  return new Decimal(priceHt)
    .times(new Decimal(vatRate).dividedBy(100).plus(1))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}
