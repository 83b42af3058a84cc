import { sql, type SQL } from 'drizzle-orm';
import type { TVatCategory } from '@tagstock/contract';
import { defaultVatCategory, documentTotals, type DocumentDiscount } from '@tagstock/contract/money';

/**
 * The priced layer of the document kit: lines with a price, a discount and a VAT rate and category, and the
 * document's totals with its VAT breakdown per (category, rate), computed once in decimal (`documentTotals`)
 * and stored on the document with its lines. A stored total never changes when an article's price does.
 * Documents without prices (stock outputs, inventories) leave this layer out.
 */

/** What a priced line is written with; the item's own columns (article, product…) go beside it. */
export type PricedLine = {
  reference: string;
  designation: string;
  quantity: number;
  unitPrice: string;
  discount?: string | null;
  vatRate: string;
  vatCategory?: TVatCategory | null;
};

/**
 * The rows of the lines (with their item's columns from `item`) and the totals columns of the document: net,
 * VAT, gross, the VAT breakdown and the line count.
 */
export function pricedLines<L extends PricedLine>(
  lines: readonly L[],
  item: (line: L) => Record<string, unknown>,
  /** Sales documents: their discount (spread over the rates) or allowances per rate, and the two more totals. */
  sales?: { discount?: DocumentDiscount | null; allowances?: ReadonlyMap<string, string> },
) {
  const totals = documentTotals(lines, sales?.discount, sales?.allowances);
  const rows = lines.map((l, i) => ({
    ...item(l),
    position: i + 1,
    reference: l.reference,
    designation: l.designation,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    discount: l.discount ?? '0',
    vat_rate: l.vatRate,
    vat_category: l.vatCategory ?? defaultVatCategory(l.vatRate),
    net_amount: totals.lines[i]!,
  }));
  return {
    rows,
    totals,
    header: {
      total_net: totals.net,
      total_vat: totals.vat,
      total_gross: totals.gross,
      // Documents without a discount keep the rows they always had (category, rate, base, VAT).
      vat_breakdown: JSON.stringify(sales ? totals.byRate : totals.byRate.map(({ allowance: _a, ...row }) => row)),
      line_count: lines.length,
      ...(sales ? { line_total: totals.lineTotal, allowance_total: totals.allowanceTotal } : {}),
    },
  };
}

/** The priced columns of a line as the contract names them (`ZDocumentLine`, without the item). */
export const pricedLineSelect = sql`id, position, reference, designation, quantity, round(unit_price, 2)::text as "unitPrice",
  discount::text as discount, vat_rate::text as "vatRate", vat_category as "vatCategory", net_amount::text as "netAmount"`;

/** The document's stored totals as the contract's `ZDocumentTotals`, from the document aliased `alias`. */
export const storedTotals = (alias: string, sales = false): SQL => {
  const a = sql.raw(alias);
  const more = sales ? sql`, 'lineTotal', ${a}.line_total::text, 'allowanceTotal', ${a}.allowance_total::text` : sql``;
  return sql`json_build_object('net', ${a}.total_net::text, 'vat', ${a}.total_vat::text,
    'gross', ${a}.total_gross::text, 'byRate', ${a}.vat_breakdown${more}) as totals`;
};
