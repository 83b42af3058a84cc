import { sql, type SQL } from 'drizzle-orm';
import type { TDocumentDiscount, TDocumentLine, ZDocumentLineInput } from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import type { DocumentContext, WrittenDocument } from '../../platform/documents/document-type';
import { PRICED_LINE_COLUMNS, pricedLines, pricedLineSelect } from '../../platform/documents/priced-lines';
import { lineArticles, missingReferences, type Reference } from '../../platform/documents/references';
import { badRequest } from '../../platform/errors';
import { formatMoney, formatPercent, type PdfLanguage } from '../../platform/pdf/pdf-format';

/**
 * What proformas, invoices and credit notes share: lines of the kit on a customer's document with a discount
 * on the whole, written and read the same way, and the customer as the PDF's party.
 */

/** The columns of a sales line: the kit's priced columns and its article. */
export const SALES_LINE_COLUMNS = { ...PRICED_LINE_COLUMNS, article_id: 'int' } as const;

type SalesInput = {
  customerId: number;
  discount: TDocumentDiscount;
  lines: z.output<typeof ZDocumentLineInput>[];
};

/**
 * Checks the customer, the other references of the header and the lines' articles in the tenant (one query
 * each), and answers the lines' rows and the totals columns, the discount spread over the rates.
 */
export async function writeSalesDocument(
  { tx, tenantId }: DocumentContext,
  input: SalesInput,
  references: Record<string, Reference> = {},
): Promise<WrittenDocument> {
  const { byId, errors } = await lineArticles(tx, tenantId, input.lines);
  errors.unshift(
    ...(await missingReferences(tx, tenantId, {
      customerId: { table: 'customers', id: input.customerId },
      ...references,
    })),
  );
  if (errors.length) throw badRequest('unknown_reference', 'Unknown customer, payment mode or article', errors);
  const priced = pricedLines(
    input.lines.map((l) => {
      const article = byId.get(l.articleId)!;
      return { ...l, reference: article.reference, designation: l.designation || article.designation };
    }),
    (l) => ({ article_id: l.articleId }),
    { discount: input.discount },
  );
  return {
    header: {
      customer_id: input.customerId,
      discount: input.discount ? JSON.stringify(input.discount) : null,
      ...priced.header,
    },
    lines: priced.rows,
  };
}

/** A sales document's lines as the contract names them, with `extra` columns of the type's. */
export const readSalesLines = <L extends TDocumentLine>(
  tx: Tx,
  table: string,
  parent: string,
  id: number,
  tenantId: number | null,
  extra: SQL = sql``,
) =>
  queryRows<L>(
    tx,
    sql`select ${pricedLineSelect}, article_id as "articleId"${extra}
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
};

/** The customer of a document, as printed and written into the Factur-X. */
export async function customerParty(tx: Tx, tenantId: number, customerId: number): Promise<CustomerParty> {
  const [row] = await queryRows<CustomerParty>(
    tx,
    sql`select name, address, postcode, city, country, siren, vat_number as "vatNumber", email,
          delivery_address as "deliveryAddress", delivery_postcode as "deliveryPostcode",
          delivery_city as "deliveryCity", delivery_country as "deliveryCountry"
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
