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

/** A discount on the whole document (SPEC §3): a percentage, or an amount excluding tax. */
export type DocumentDiscount = { type: 'percent' | 'amount'; value: string };

/** The key of a VAT breakdown row: its category and its rate with two decimals (`S 20.00`). */
export const vatKey = (category: TVatCategory, rate: string) => `${category} ${new D(rate).toFixed(2)}`;

/** The totals of a document with a VAT breakdown per (category, rate) and the document's allowances. */
export type DocumentTotals = {
  /** The net amount of each line, in the order of the lines. */
  lines: string[];
  /** Σ line nets (BT-106). */
  lineTotal: string;
  /** Σ document allowances, the discount (BT-107). */
  allowanceTotal: string;
  /** Σ bases = line total − allowances (BT-109). */
  net: string;
  vat: string;
  gross: string;
  /** Per category and rate: the base after the allowance, its VAT, and the allowance on it (BG-20 / BG-23). */
  byRate: (VatBreakdownRow & { allowance: string })[];
};

/**
 * Spreads a document discount over its VAT rows (before VAT, EN 16931 BG-20): a percentage takes that share of
 * each row, rounded to the cent per row; an amount is shared in proportion to the rows' line totals, by the
 * largest remainder, so that the shares add up to the amount to the cent. Never more than a row's total.
 */
export function spreadDiscount(rowTotals: readonly string[], discount: DocumentDiscount | null | undefined): string[] {
  if (!discount || new D(discount.value).isZero()) return rowTotals.map(() => '0.00');
  if (discount.type === 'percent')
    return rowTotals.map((t) => cents(new D(t).times(Decimal.min(discount.value, 100)).dividedBy(100)).toFixed(2));
  const whole = rowTotals.reduce((sum, t) => sum.plus(t), new D(0));
  const amount = Decimal.min(new D(discount.value), whole);
  if (whole.isZero()) return rowTotals.map(() => '0.00');
  const exact = rowTotals.map((t) => amount.times(t).dividedBy(whole).times(100));
  const floors = exact.map((e) => e.floor());
  let left = amount
    .times(100)
    .minus(floors.reduce((s, f) => s.plus(f), new D(0)))
    .toNumber();
  const order = exact.map((e, i) => ({ i, r: e.minus(floors[i]!) })).sort((a, b) => b.r.comparedTo(a.r) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left--;
  }
  return floors.map((f) => f.dividedBy(100).toFixed(2));
}

/**
 * A document's totals (DESIGN §4b, EN 16931): net of the lines; per VAT category and rate their line total, the
 * allowance on it (the discount spread over the rows, or given per row by `allowances`), the base = line total −
 * allowance and its VAT = base × rate rounded to the cent once (BR-CO-17); then the document: net = Σ bases
 * (BR-CO-13), VAT = Σ VAT of the rows (BR-CO-14), gross = net + VAT (BR-CO-15). Rows come out by ascending rate,
 * then category. `allowances` (by `vatKey`) wins over `discount`: a credit note takes its invoice's share.
 */
export function documentTotals(
  lines: readonly TotalsLine[],
  discount?: DocumentDiscount | null,
  allowances?: ReadonlyMap<string, string>,
): DocumentTotals {
  const nets = lines.map(lineNetAmount);
  const totals = new Map<string, { category: TVatCategory; rate: string; total: Decimal }>();
  lines.forEach((line, i) => {
    const rate = new D(line.vatRate).toFixed(2);
    const category = line.vatCategory ?? defaultVatCategory(rate);
    const key = vatKey(category, rate);
    const row = totals.get(key) ?? { category, rate, total: new D(0) };
    totals.set(key, { ...row, total: row.total.plus(nets[i]!) });
  });
  const rows = [...totals.values()].sort(
    (a, b) => new D(a.rate).comparedTo(b.rate) || a.category.localeCompare(b.category),
  );
  const spread = allowances
    ? rows.map((r) => Decimal.min(new D(allowances.get(vatKey(r.category, r.rate)) ?? 0), r.total).toFixed(2))
    : spreadDiscount(
        rows.map((r) => r.total.toFixed(2)),
        discount,
      );
  const byRate = rows.map(({ category, rate, total }, i) => {
    const base = total.minus(spread[i]!);
    return {
      category,
      rate,
      base: base.toFixed(2),
      vat: cents(base.times(rate).dividedBy(100)).toFixed(2),
      allowance: new D(spread[i]!).toFixed(2),
    };
  });
  const sum = (pick: (r: (typeof byRate)[number]) => string) => byRate.reduce((s, r) => s.plus(pick(r)), new D(0));
  const lineTotal = rows.reduce((s, r) => s.plus(r.total), new D(0));
  const net = sum((r) => r.base);
  const vat = sum((r) => r.vat);
  return {
    lines: nets,
    lineTotal: lineTotal.toFixed(2),
    allowanceTotal: sum((r) => r.allowance).toFixed(2),
    net: net.toFixed(2),
    vat: vat.toFixed(2),
    gross: net.plus(vat).toFixed(2),
    byRate,
  };
}
