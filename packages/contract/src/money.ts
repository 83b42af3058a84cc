import { Decimal } from 'decimal.js';

/**
 * Price including tax from the pre-tax price and the VAT rate (percent), both decimal strings, rounded
 * half-up to the cent. The one implementation: the server stores it, the web previews it.
 */
export function priceWithTax(priceHt: string, vatRate: string): string {
  return new Decimal(priceHt)
    .times(new Decimal(vatRate).dividedBy(100).plus(1))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

// Document amounts reach 20 digits (a million units × a price under a billion, two thousand lines): more
// significant digits than decimal.js keeps by default.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const cents = (value: Decimal.Value) => new D(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** What the totals of a document need of each line: decimal strings, percentages for discount and VAT. */
export type TotalsLine = { quantity: number | string; unitPrice: string; discount?: string | null; vatRate: string };

/** A line's net amount: quantity × unit price × (1 − discount %), rounded half-up to the cent once. */
export function lineNetAmount(line: TotalsLine): string {
  const discount = new D(line.discount || '0').dividedBy(100);
  return cents(new D(line.unitPrice).times(line.quantity).times(new D(1).minus(discount))).toFixed(2);
}

/**
 * A document's totals (DESIGN §4b, EN 16931): net of the lines, then per VAT rate the base (sum of the nets of
 * its lines) and its VAT = base × rate rounded to the cent once (BR-CO-17), then the document: net = Σ bases
 * (BR-CO-10/13), VAT = Σ VAT of the rates (BR-CO-14), gross = net + VAT (BR-CO-15). Rates come out in
 * ascending order.
 */
export function documentTotals(lines: readonly TotalsLine[]): {
  lines: string[];
  net: string;
  vat: string;
  gross: string;
  byRate: { rate: string; base: string; vat: string }[];
} {
  const nets = lines.map(lineNetAmount);
  const bases = new Map<string, Decimal>();
  lines.forEach((line, i) => {
    const rate = new D(line.vatRate).toFixed(2);
    bases.set(rate, (bases.get(rate) ?? new D(0)).plus(nets[i]!));
  });
  const byRate = [...bases.entries()]
    .sort(([a], [b]) => new D(a).comparedTo(b))
    .map(([rate, base]) => ({ rate, base: base.toFixed(2), vat: cents(base.times(rate).dividedBy(100)).toFixed(2) }));
  const net = byRate.reduce((sum, r) => sum.plus(r.base), new D(0));
  const vat = byRate.reduce((sum, r) => sum.plus(r.vat), new D(0));
  return { lines: nets, net: net.toFixed(2), vat: vat.toFixed(2), gross: net.plus(vat).toFixed(2), byRate };
}
