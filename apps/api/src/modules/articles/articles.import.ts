import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ZArticleCreate, type TArticleCreate } from '@tagstock/contract';
import { queryRows, type Db, type Tx } from '../../db/client';
import { jsonRows, moneyText } from '../../db/sql-fragments';
import {
  importExportRoutes,
  unknownReference,
  type ImportExportSpec,
  type RowError,
} from '../../platform/import-export';
import type { SheetColumn, SheetLang } from '../../platform/spreadsheet';
import { priceWithTax } from '@tagstock/contract/money';
import { moveStock } from '../stock/stock.service';
import { articleListSpec } from './articles.repository';

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

/** Import and export of articles: rows match by reference; two statements per chunk whatever its size. */
export const articleImportSpec: ImportExportSpec<TArticleCreate, Lookups> = {
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
    // One statement for the chunk: upsert by reference (an import never touches the quantity of an existing
    // article) and log each row. A new article starts at 0; its opening stock goes through moveStock below.
    const written = await queryRows<{ id: number; reference: string; inserted: boolean }>(
      tx,
      sql`with v as (
              select * from ${jsonRows(
                rows.map((a) => ({
                  reference: a.reference,
                  designation: a.designation,
                  size: a.size ?? null,
                  price_ht: a.priceHt,
                  vat_rate: a.vatRate,
                  price_ttc: priceWithTax(a.priceHt, a.vatRate),
                  unit_price: a.unitPrice ?? null,
                  stock_alert: a.stockAlert,
                  category_id: a.categoryId ?? null,
                  supplier_id: a.supplierId ?? null,
                  stock_tag: a.stockTag ?? null,
                })),
              )} as v(reference text, designation text, size text, price_ht numeric, vat_rate numeric,
                price_ttc numeric, unit_price numeric, stock_alert int, category_id int, supplier_id int, stock_tag text)
            ),
            w as (
              insert into articles (tenant_id, reference, designation, size, quantity, price_ht, vat_rate, price_ttc,
                unit_price, stock_alert, category_id, supplier_id, stock_tag)
              select ${tenantId}, reference, designation, size, 0, price_ht, vat_rate, price_ttc, unit_price,
                stock_alert, category_id, supplier_id, stock_tag
              from v
              on conflict (tenant_id, reference) do update set designation = excluded.designation,
                size = excluded.size, price_ht = excluded.price_ht, vat_rate = excluded.vat_rate,
                price_ttc = excluded.price_ttc, unit_price = excluded.unit_price, stock_alert = excluded.stock_alert,
                category_id = excluded.category_id, supplier_id = excluded.supplier_id,
                stock_tag = excluded.stock_tag, updated_at = now()
              returning id, reference, designation, (xmax = 0) as inserted
            ),
            logged as (
              insert into activity_log (tenant_id, user_id, entity, entity_id, action, summary, changes)
              select ${tenantId}, ${userId}::int, 'article', id, 'imported', reference || ' — ' || designation,
                '[]'::jsonb
              from w
            )
            select id, reference, inserted from w`,
    );
    const opening = new Map(rows.map((a) => [a.reference, a.initialQuantity]));
    const fresh = written.filter((w) => w.inserted && (opening.get(w.reference) ?? 0) > 0);
    // The new articles are this transaction's own rows, at 0: no lock to take.
    await moveStock(
      tx,
      { tenantId, userId },
      fresh.map((w) => ({ articleId: w.id, delta: opening.get(w.reference)!, reason: 'import' as const })),
      { locked: new Map(fresh.map((w) => [w.id, 0])) },
    );
    const created = written.filter((w) => w.inserted).length;
    return { created, updated: written.length - created };
  },
};

export const articleImportRoutes = (db: Db) => importExportRoutes(db, articleImportSpec);
