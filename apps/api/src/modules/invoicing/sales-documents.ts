import { sql, type SQL } from 'drizzle-orm';
import {
  VAT_EXEMPTIONS,
  vatExemption,
  type TArticleNature,
  type TCustomerKind,
  type TDocumentDiscount,
  type TSalesLine,
  type TVatCategory,
  type TVatExemption,
  type TVatExemptionCode,
  type TVatExemptionInput,
  type ZSalesLineInput,
} from '@tagstock/contract';
import { vatKey } from '@tagstock/contract/money';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import type { DocumentContext, WrittenDocument } from '../../platform/documents/document-type';
import { pricedLines, pricedLineSelect } from '../../platform/documents/priced-lines';
import { lineArticles, missingReferences, type Reference } from '../../platform/documents/references';
import { badRequest, type FieldError } from '../../platform/errors';
import { formatMoney, formatPercent, type PdfLanguage } from '../../platform/pdf/pdf-format';

/**
 * What proformas, invoices and credit notes share: lines of the kit on a customer's document with a discount
 * on the whole, written and read the same way, and the customer as the PDF's party.
 */

type SalesInput = {
  customerId: number;
  discount: TDocumentDiscount;
  lines: z.output<typeof ZSalesLineInput>[];
};

/** A sales line with its VAT settled: the category follows from the exemption (E, K, AE, G), S when taxed. */
export type SettledLine = { vatCategory: TVatCategory; vatRate: string; vatExemption: TVatExemption | null };

/**
 * The exemption of each line at 0 % — the line's, else the customer's, else the article's — and its category.
 * A 0 % line without any is refused (400 `vat_exemption_required`), and so are two exempt lines of one category
 * and rate giving different reasons (400 `vat_exemption_conflict`): a breakdown row states one (BT-120/121).
 */
export function settleVat<L extends { vatRate: string; vatExemption: TVatExemptionInput | null }>(
  lines: readonly L[],
  defaults: (line: L) => (TVatExemptionCode | null)[],
): (L & SettledLine)[] {
  const settled = lines.map((l) => {
    if (Number(l.vatRate) !== 0) return { ...l, vatCategory: 'S' as const, vatExemption: null };
    const code = l.vatExemption?.code ?? defaults(l).find((c) => c !== null) ?? null;
    const exemption = code ? vatExemption({ code, text: l.vatExemption?.text }) : null;
    return {
      ...l,
      vatCategory: exemption ? VAT_EXEMPTIONS[exemption.code].category : ('Z' as const),
      vatExemption: exemption,
    };
  });
  const missing = settled.flatMap((l, i): FieldError[] =>
    l.vatExemption || Number(l.vatRate) !== 0
      ? []
      : [{ field: `lines.${i}.vatExemption`, message: 'a line at 0 % needs its VAT exemption', code: 'required' }],
  );
  if (missing.length)
    throw badRequest('vat_exemption_required', 'A line at 0 % must state why it carries no VAT', missing, {
      line: Number(missing[0]!.field.split('.')[1]) + 1,
    });
  const seen = new Map<string, TVatExemption>();
  const conflicts = settled.flatMap((l, i): FieldError[] => {
    if (!l.vatExemption) return [];
    const key = vatKey(l.vatCategory, l.vatRate);
    const first = seen.get(key);
    seen.set(key, first ?? l.vatExemption);
    return first && (first.code !== l.vatExemption.code || first.text !== l.vatExemption.text)
      ? [
          {
            field: `lines.${i}.vatExemption`,
            message: 'another reason than an earlier line of its category',
            code: 'invalid',
          },
        ]
      : [];
  });
  if (conflicts.length)
    throw badRequest('vat_exemption_conflict', 'Exempt lines of one category must give the same reason', conflicts);
  return settled;
}

/** The breakdown rows with the exemption of their lines: what an exempt row states (BT-120/121). */
export function exemptBreakdown<R extends { category: TVatCategory; rate: string }>(
  rows: readonly R[],
  lines: readonly SettledLine[],
): (R & { exemption?: TVatExemption })[] {
  const byKey = new Map(
    lines.flatMap((l) => (l.vatExemption ? [[vatKey(l.vatCategory, l.vatRate), l.vatExemption] as const] : [])),
  );
  return rows.map((r) => {
    const exemption = byKey.get(vatKey(r.category, r.rate));
    return exemption ? { ...r, exemption } : r;
  });
}

/** The stored columns of a line's exemption. */
export const exemptionColumns = (l: SettledLine) => ({
  vat_exemption_code: l.vatExemption?.code ?? null,
  vat_exemption_text: l.vatExemption?.text ?? null,
});

/** A line's exemption as the contract's `vatExemption` (null when taxed), from the line aliased `alias`. */
export const exemptionSelect = (alias: string) => {
  const a = sql.raw(alias);
  return sql`case when ${a}.vat_exemption_code is null then null
    else json_build_object('code', ${a}.vat_exemption_code, 'text', ${a}.vat_exemption_text) end as "vatExemption"`;
};

/**
 * Checks the customer, the other references of the header and the lines' articles in the tenant (one query
 * each), settles each line's VAT (French rate, exemption at 0 %) and answers the lines' rows and the totals
 * columns, the discount spread over the rates, with the articles' natures for the billing mode.
 */
export async function writeSalesDocument(
  { tx, tenantId }: DocumentContext,
  input: SalesInput,
  references: Record<string, Reference> = {},
): Promise<WrittenDocument & { natures: (TArticleNature | null)[] }> {
  const { byId, errors } = await lineArticles(tx, tenantId, input.lines);
  errors.unshift(
    ...(await missingReferences(tx, tenantId, {
      customerId: { table: 'customers', id: input.customerId },
      ...references,
    })),
  );
  if (errors.length) throw badRequest('unknown_reference', 'Unknown customer, payment mode or article', errors);
  const [customer] = await queryRows<{ vatExemption: TVatExemptionCode | null }>(
    tx,
    sql`select vat_exemption as "vatExemption" from customers where id = ${input.customerId} and tenant_id = ${tenantId}`,
  );
  const lines = settleVat(
    input.lines.map((l) => {
      const article = byId.get(l.articleId)!;
      return { ...l, reference: article.reference, designation: l.designation || article.designation };
    }),
    (l) => [customer?.vatExemption ?? null, byId.get(l.articleId)!.vatExemption],
  );
  const priced = pricedLines(lines, (l) => ({ article_id: l.articleId, ...exemptionColumns(l) }), {
    discount: input.discount,
  });
  return {
    header: {
      customer_id: input.customerId,
      discount: input.discount ? JSON.stringify(input.discount) : null,
      ...priced.header,
      vat_breakdown: JSON.stringify(exemptBreakdown(priced.totals.byRate, lines)),
    },
    lines: priced.rows,
    natures: input.lines.map((l) => byId.get(l.articleId)!.nature),
  };
}

/** A sales document's lines as the contract names them, with `extra` columns of the type's. */
export const readSalesLines = <L extends TSalesLine>(
  tx: Tx,
  table: string,
  parent: string,
  id: number,
  tenantId: number | null,
  extra: SQL = sql``,
) =>
  queryRows<L>(
    tx,
    sql`select ${pricedLineSelect}, article_id as "articleId", ${exemptionSelect(table)}${extra}
        from ${sql.identifier(table)} where ${sql.identifier(parent)} = ${id} and tenant_id = ${tenantId}
        order by position`,
  );

export type CustomerParty = {
  name: string;
  address: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  siren: string | null;
  vatNumber: string | null;
  email: string | null;
  deliveryAddress: string | null;
  deliveryPostcode: string | null;
  deliveryCity: string | null;
  deliveryCountry: string | null;
  kind: TCustomerKind;
  electronicAddress: string | null;
};

/** The customer of a document, as printed and written into the Factur-X. */
export async function customerParty(tx: Tx, tenantId: number, customerId: number): Promise<CustomerParty> {
  const [row] = await queryRows<CustomerParty>(
    tx,
    sql`select name, address, postcode, city, country, siren, vat_number as "vatNumber", email,
          delivery_address as "deliveryAddress", delivery_postcode as "deliveryPostcode",
          delivery_city as "deliveryCity", delivery_country as "deliveryCountry", kind,
          electronic_address as "electronicAddress"
        from customers where id = ${customerId} and tenant_id = ${tenantId}`,
  );
  return row!;
}

/** The lines of a postal address, empty parts left out. */
export const addressLines = (a: {
  address: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
}) => [a.address, [a.postcode, a.city].filter(Boolean).join(' ') || null, a.country].filter((l): l is string => !!l);

/** The customer block of a PDF: name, address, SIREN and VAT number. */
export const customerBlock = (c: CustomerParty, language: PdfLanguage) => ({
  name: c.name,
  lines: [
    ...addressLines(c),
    ...(c.siren ? [`SIREN ${c.siren}`] : []),
    ...(c.vatNumber ? [`${language === 'fr' ? 'N° TVA' : 'VAT no.'} ${c.vatNumber}`] : []),
  ],
});

/** The discount as printed: `10 %` or `15,00 €`. */
export const discountText = (d: TDocumentDiscount, language: PdfLanguage) =>
  !d ? null : d.type === 'percent' ? formatPercent(d.value, language) : formatMoney(d.value, language);
