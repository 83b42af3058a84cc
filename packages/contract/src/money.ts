import { Decimal } from 'decimal.js';
import type { TVatCategory } from './constants';

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

/** The category of a line that names none: the standard rate when it has VAT, zero rated otherwise. */
export const defaultVatCategory = (vatRate: string): TVatCategory => (new Decimal(vatRate).isZero() ? 'Z' : 'S');

/** What the totals of a document need of each line: decimal strings, percentages for discount and VAT. */
export type TotalsLine = {
  quantity: number | string;
  unitPrice: string;
  discount?: string | null;
  vatRate: string;
  vatCategory?: TVatCategory | null;
};

/** One row of a document's VAT breakdown (EN 16931 BG-23): per category and rate, the base and its VAT. */
export type VatBreakdownRow = { category: TVatCategory; rate: string; base: string; vat: string };

/** A line's net amount: quantity × unit price × (1 − discount %), rounded half-up to the cent once. */
export function lineNetAmount(line: TotalsLine): string {
  const discount = new D(line.discount || '0').dividedBy(100);
  return cents(new D(line.unitPrice).times(line.quantity).times(new D(1).minus(discount))).toFixed(2);
}

/**
 * A document's totals (DESIGN §4b, EN 16931): net of the lines, then per VAT category and rate the base (sum of
 * the nets of its lines) and its VAT = base × rate rounded to the cent once (BR-CO-17), then the document:
 * net = Σ bases (BR-CO-10/13), VAT = Σ VAT of the rows (BR-CO-14), gross = net + VAT (BR-CO-15). Rows come out
 * by ascending rate, then category.
 */
export function documentTotals(lines: readonly TotalsLine[]): {
  lines: string[];
  net: string;
  vat: string;
  gross: string;
  byRate: VatBreakdownRow[];
} {
  const nets = lines.map(lineNetAmount);
  const bases = new Map<string, { category: TVatCategory; rate: string; base: Decimal }>();
  lines.forEach((line, i) => {
    const rate = new D(line.vatRate).toFixed(2);
    const category = line.vatCategory ?? defaultVatCategory(rate);
    const key = `${category} ${rate}`;
    const row = bases.get(key) ?? { category, rate, base: new D(0) };
    bases.set(key, { ...row, base: row.base.plus(nets[i]!) });
  });
  const byRate = [...bases.values()]
    .sort((a, b) => new D(a.rate).comparedTo(b.rate) || a.category.localeCompare(b.category))
    .map(({ category, rate, base }) => ({
      category,
      rate,
      base: base.toFixed(2),
      vat: cents(base.times(rate).dividedBy(100)).toFixed(2),
    }));
  const net = byRate.reduce((sum, r) => sum.plus(r.base), new D(0));
  const vat = byRate.reduce((sum, r) => sum.plus(r.vat), new D(0));
  return { lines: nets, net: net.toFixed(2), vat: vat.toFixed(2), gross: net.plus(vat).toFixed(2), byRate };
}
