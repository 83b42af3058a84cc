import { sql } from 'drizzle-orm';
import type { TArticleListQuery } from '@tagstock/contract';
import { isoUtc, moneyText } from '../../db/sql-fragments';
import type { ListSpec } from '../../platform/pagination';
import { availableOf } from '../reservations/availability';

export const articleColumns = sql`a.id, a.reference, a.designation, a.size, a.quantity, ${availableOf('a')} as available,
  ${moneyText(sql`a.price_ht`)} as "priceHt", trim_scale(a.vat_rate)::text as "vatRate",
  ${moneyText(sql`a.price_ttc`)} as "priceTtc", ${moneyText(sql`a.unit_price`)} as "unitPrice", a.stock_alert as "stockAlert",
  a.category_id as "categoryId", c.name as "categoryName", a.supplier_id as "supplierId", s.name as "supplierName",
  a.stock_tag as "stockTag", a.nature, a.vat_exemption as "vatExemption", exists(select 1 from article_images i where i.article_id = a.id) as "hasImage",
  ${isoUtc(sql`a.created_at`)} as "createdAt", ${isoUtc(sql`a.updated_at`)} as "updatedAt"`;
export const articleFrom = sql`from articles a left join categories c on c.id = a.category_id left join suppliers s on s.id = a.supplier_id`;
export const articleSort = {
  reference: sql`a.reference`,
  designation: sql`a.designation`,
  quantity: sql`a.quantity`,
  available: availableOf('a'),
  priceHt: sql`a.price_ht`,
  priceTtc: sql`a.price_ttc`,
  stockAlert: sql`a.stock_alert`,
  categoryName: sql`c.name`,
  supplierName: sql`s.name`,
  updatedAt: sql`a.updated_at`,
};

export function articleListSpec(tenantId: number, q: Omit<TArticleListQuery, 'page' | 'limit'>): ListSpec {
  return {
    columns: articleColumns,
    from: articleFrom,
    where: [
      sql`a.tenant_id = ${tenantId}`,
      ...(q.supplierId ? [sql`a.supplier_id = ${q.supplierId}`] : []),
      ...(q.categoryId ? [sql`a.category_id = ${q.categoryId}`] : []),
      ...(q.withoutSupplier === 'true' ? [sql`a.supplier_id is null`] : []),
      ...(q.stockAlert === 'true' ? [sql`a.quantity <= a.stock_alert`] : []),
    ],
    // The trigram index on (reference || ' ' || designation), reachable under row-level security through
    // a tenant-bound function (see migration 0005).
    searchWith: (pattern) => sql`a.id in (select article_ids_matching(${pattern}))`,
    sort: articleSort,
    defaultSort: 'reference:asc',
    tieBreaker: sql`a.id`,
    // SPEC `articlesByFournisseur`: a document's article picker proposes its supplier's articles first.
    leadingOrder: q.supplierFirst ? sql`(a.supplier_id is not distinct from ${q.supplierFirst}) desc` : undefined,
  };
}
