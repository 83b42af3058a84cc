import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ZArticleCreate, type TArticleCreate } from '@tagstock/contract';
import { queryRows, type Db, type Tx } from '../../db/client';
import { moneyText } from '../../db/sql-fragments';
import { importExportRoutes, unknownReference, type RowError } from '../../platform/import-export';
import type { SheetColumn, SheetLang } from '../../platform/spreadsheet';
import { priceWithTax } from '@tagstock/contract/money';
import { activityLog } from '../activity-log/activity-log.schema';
import { moveStock } from '../stock/stock.service';
import { articles } from './articles.schema';
import { articleListSpec } from './articles.repository';

const CHUNK = 1000;

type Lookups = { categories: Map<string, number>; suppliers: Map<string, number> };

const byName = async (tx: Tx, tenantId: number, table: 'categories' | 'suppliers') =>
  new Map(
    (
      await queryRows<{ id: number; name: string }>(
        tx,
        sql`select id, name from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
      )
    ).map((r) => [r.name.trim().toLowerCase(), r.id]),
  );

/** The article file's columns: keys, cell types and headers (labels as the screens show them). */
export const ARTICLE_COLUMNS: SheetColumn[] = [
  { key: 'reference', type: 'text', header: { en: 'Reference', fr: 'Référence' } },
  { key: 'designation', type: 'text', header: { en: 'Designation', fr: 'Désignation' }, width: 40 },
  { key: 'size', type: 'text', header: { en: 'Size', fr: 'Taille' }, width: 10 },
  { key: 'priceHt', type: 'money', header: { en: 'Pre-tax price', fr: 'Prix HT' } },
  { key: 'vatRate', type: 'rate', header: { en: 'VAT rate (%)', fr: 'Taux de TVA (%)' } },
  { key: 'priceTtc', type: 'money', header: { en: 'Price incl. tax', fr: 'Prix TTC' } },
  { key: 'unitPrice', type: 'money', header: { en: 'Unit price', fr: 'Prix unitaire' } },
  { key: 'stockAlert', type: 'integer', header: { en: 'Stock alert threshold', fr: 'Seuil d’alerte de stock' } },
  { key: 'quantity', type: 'integer', header: { en: 'Quantity', fr: 'Quantité' } },
  { key: 'category', type: 'text', header: { en: 'Category', fr: 'Catégorie' }, width: 28 },
  { key: 'supplier', type: 'text', header: { en: 'Supplier', fr: 'Fournisseur' }, width: 28 },
  { key: 'stockTag', type: 'text', header: { en: 'Stock tag', fr: 'Tag de stock' } },
];

const EXAMPLE: Record<SheetLang, { designation: string; size: string }> = {
  en: { designation: 'Nitrile gloves', size: 'M' },
  fr: { designation: 'Gants nitrile', size: 'M' },
};

export function articleImportRoutes(db: Db) {
  return importExportRoutes<TArticleCreate, Lookups>(db, {
    path: '/articles',
    resource: 'articles',
    name: 'articles',
    columns: ARTICLE_COLUMNS,
    list: (tenantId, q) => articleListSpec(tenantId, q),
    exportColumns: sql`a.reference, a.designation, a.size, ${moneyText(sql`a.price_ht`)} as "priceHt",
      trim_scale(a.vat_rate)::text as "vatRate", ${moneyText(sql`a.price_ttc`)} as "priceTtc",
      ${moneyText(sql`a.unit_price`)} as "unitPrice", a.stock_alert as "stockAlert", a.quantity,
      c.name as category, s.name as supplier, a.stock_tag as "stockTag"`,
    schema: ZArticleCreate as z.ZodType<TArticleCreate>,
    lookups: async (tx, tenantId) => ({
      categories: await byName(tx, tenantId, 'categories'),
      suppliers: await byName(tx, tenantId, 'suppliers'),
    }),
    toInput(v, lookups) {
      const errors: RowError[] = [];
      const ref = (column: 'category' | 'supplier', map: Map<string, number>) => {
        const name = v[column];
        if (!name) return null;
        const id = map.get(name.toLowerCase());
        if (id === undefined) errors.push(unknownReference(column, name));
        return id ?? null;
      };
      return {
        input: {
          reference: v.reference ?? '',
          designation: v.designation ?? '',
          size: v.size || null,
          priceHt: v.priceHt ?? '',
          vatRate: v.vatRate ?? '',
          unitPrice: v.unitPrice || null,
          stockAlert: v.stockAlert || 0,
          stockTag: v.stockTag || null,
          initialQuantity: v.quantity || 0,
          categoryId: ref('category', lookups.categories),
          supplierId: ref('supplier', lookups.suppliers),
        },
        errors,
      };
    },
    key: (input) => input.reference,
    keyColumn: 'reference',
    inputColumns: { initialQuantity: 'quantity', categoryId: 'category', supplierId: 'supplier' },
    async example(tx, tenantId, lang) {
      // The tenant's own first category and supplier: the example imports as it is.
      const first = async (table: 'categories' | 'suppliers') =>
        (
          await queryRows<{ name: string }>(
            tx,
            sql`select name from ${sql.identifier(table)} where tenant_id = ${tenantId} order by name limit 1`,
          )
        )[0]?.name ?? null;
      return {
        reference: 'EX-0001',
        ...EXAMPLE[lang],
        priceHt: '12.50',
        vatRate: '20',
        priceTtc: priceWithTax('12.50', '20'),
        unitPrice: '12.50',
        stockAlert: 5,
        quantity: 10,
        category: await first('categories'),
        supplier: await first('suppliers'),
        stockTag: null,
      };
    },
    async apply({ tx, tenantId, userId }, rows) {
      let created = 0;
      let updated = 0;
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        // Upsert by reference; the quantity of an existing article is never touched by an import.
        const written = await tx
          .insert(articles)
          .values(
            chunk.map(({ initialQuantity: _opening, ...a }) => ({
              ...a,
              tenantId,
              // The opening stock goes through moveStock below, like every stock change.
              quantity: 0,
              priceTtc: priceWithTax(a.priceHt, a.vatRate),
            })),
          )
          .onConflictDoUpdate({
            target: [articles.tenantId, articles.reference],
            set: {
              designation: sql`excluded.designation`,
              size: sql`excluded.size`,
              priceHt: sql`excluded.price_ht`,
              vatRate: sql`excluded.vat_rate`,
              priceTtc: sql`excluded.price_ttc`,
              unitPrice: sql`excluded.unit_price`,
              stockAlert: sql`excluded.stock_alert`,
              categoryId: sql`excluded.category_id`,
              supplierId: sql`excluded.supplier_id`,
              stockTag: sql`excluded.stock_tag`,
              updatedAt: sql`now()`,
            },
          })
          .returning({
            id: articles.id,
            reference: articles.reference,
            designation: articles.designation,
            quantity: articles.quantity,
            inserted: sql<boolean>`(xmax = 0)`,
          });
        const opening = new Map(chunk.map((a) => [a.reference, a.initialQuantity]));
        await moveStock(
          tx,
          { tenantId, userId },
          written
            .filter((w) => w.inserted && (opening.get(w.reference) ?? 0) > 0)
            .map((w) => ({ articleId: w.id, delta: opening.get(w.reference)!, reason: 'import' as const })),
        );
        await tx.insert(activityLog).values(
          written.map((w) => ({
            tenantId,
            userId,
            entity: 'article' as const,
            entityId: w.id,
            action: 'imported' as const,
            summary: `${w.reference} — ${w.designation}`,
            changes: [],
          })),
        );
        const inserted = written.filter((w) => w.inserted).length;
        created += inserted;
        updated += written.length - inserted;
      }
      return { created, updated };
    },
  });
}
