import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ZArticleCreate, type TArticleCreate } from '@tagstock/contract';
import { queryRows, type Db, type Tx } from '../../db/client';
import { moneyText } from '../../db/sql-fragments';
import { importExportRoutes } from '../../platform/import-export';
import { priceWithTax } from '../../platform/money';
import { activityLog } from '../activity-log/activity-log.schema';
import { articles, stockMovements } from './articles.schema';
import { articleListSpec } from './articles.repository';

const CHUNK = 1000;

type Lookups = { categories: Map<string, number>; suppliers: Map<string, number> };

const byName = async (tx: Tx, table: 'categories' | 'suppliers') =>
  new Map(
    (await queryRows<{ id: number; name: string }>(tx, sql`select id, name from ${sql.identifier(table)}`)).map((r) => [
      r.name.trim().toLowerCase(),
      r.id,
    ]),
  );

/** "12,50" (French spreadsheets) and "12.50" are the same amount. */
const decimal = (v: string | undefined) => (v ? v.replace(/\s/g, '').replace(',', '.') : v);

export function articleImportRoutes(db: Db) {
  return importExportRoutes<TArticleCreate, Lookups>(db, {
    path: '/articles',
    resource: 'articles',
    name: 'articles',
    columns: [
      { key: 'reference', header: 'reference' },
      { key: 'designation', header: 'designation', width: 40 },
      { key: 'size', header: 'size' },
      { key: 'priceHt', header: 'priceHt' },
      { key: 'vatRate', header: 'vatRate' },
      { key: 'priceTtc', header: 'priceTtc' },
      { key: 'unitPrice', header: 'unitPrice' },
      { key: 'stockAlert', header: 'stockAlert' },
      { key: 'quantity', header: 'quantity' },
      { key: 'category', header: 'category', width: 28 },
      { key: 'supplier', header: 'supplier', width: 28 },
      { key: 'stockTag', header: 'stockTag' },
    ],
    list: (tenantId, q) => articleListSpec(tenantId, q),
    exportColumns: sql`a.reference, a.designation, a.size, ${moneyText(sql`a.price_ht`)} as "priceHt",
      trim_scale(a.vat_rate)::text as "vatRate", ${moneyText(sql`a.price_ttc`)} as "priceTtc",
      ${moneyText(sql`a.unit_price`)} as "unitPrice", a.stock_alert as "stockAlert", a.quantity,
      c.name as category, s.name as supplier, a.stock_tag as "stockTag"`,
    schema: ZArticleCreate as z.ZodType<TArticleCreate>,
    lookups: async (tx) => ({ categories: await byName(tx, 'categories'), suppliers: await byName(tx, 'suppliers') }),
    toInput(v, lookups) {
      const errors: { column: string; message: string }[] = [];
      const ref = (column: 'category' | 'supplier', map: Map<string, number>) => {
        const name = v[column];
        if (!name) return null;
        const id = map.get(name.toLowerCase());
        if (id === undefined) errors.push({ column, message: `unknown ${column} "${name}"` });
        return id ?? null;
      };
      return {
        input: {
          reference: v.reference ?? '',
          designation: v.designation ?? '',
          size: v.size || null,
          priceHt: decimal(v.priceHt) ?? '',
          vatRate: decimal(v.vatRate) ?? '',
          unitPrice: decimal(v.unitPrice) || null,
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
    async apply({ tx, tenantId, userId }, rows) {
      let created = 0;
      let updated = 0;
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        // Upsert by reference; the quantity of an existing article is never touched by an import.
        const written = await tx
          .insert(articles)
          .values(
            chunk.map(({ initialQuantity, ...a }) => ({
              ...a,
              tenantId,
              quantity: initialQuantity,
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
        const opened = written.filter((w) => w.inserted && w.quantity > 0);
        if (opened.length) {
          await tx.insert(stockMovements).values(
            opened.map((w) => ({
              tenantId,
              articleId: w.id,
              delta: w.quantity,
              quantityAfter: w.quantity,
              note: 'Import',
              userId,
            })),
          );
        }
        await tx.insert(activityLog).values(
          written.map((w) => ({
            tenantId,
            userId,
            entity: 'article',
            entityId: w.id,
            action: 'imported',
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
