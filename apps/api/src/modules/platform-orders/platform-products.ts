import { sql } from 'drizzle-orm';
import {
  ZPlatformProductInput,
  type TPlatformProduct,
  type TPlatformProductInput,
  type TPlatformProductListQuery,
} from '@tagstock/contract';
import { queryRows, withPlatform, withTenant, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { translateDbError } from '../../platform/db-errors';
import { notFound } from '../../platform/errors';
import { paginate, type ListSpec } from '../../platform/pagination';

const columns = sql`p.id, p.reference, p.designation, p.kind, round(p.unit_price, 2)::text as "unitPrice",
  p.vat_rate::text as "vatRate", p.active, ${isoUtc(sql`p.created_at`)} as "createdAt",
  ${isoUtc(sql`p.updated_at`)} as "updatedAt"`;

const listSpec = (q: TPlatformProductListQuery): ListSpec => ({
  columns,
  from: sql`from platform_products p`,
  where: [...(q.active ? [sql`p.active = ${q.active === 'true'}`] : []), ...(q.kind ? [sql`p.kind = ${q.kind}`] : [])],
  search: [sql`p.reference`, sql`p.designation`],
  sort: {
    reference: sql`p.reference`,
    designation: sql`p.designation`,
    kind: sql`p.kind`,
    unitPrice: sql`p.unit_price`,
    active: sql`p.active`,
    createdAt: sql`p.created_at`,
  },
  defaultSort: 'reference:asc',
  tieBreaker: sql`p.id`,
});

const errors = { unique: { platform_products_reference_uq: 'reference' } };

/**
 * The platform's catalogue (no tenant): every tenant reads it (its own transaction, read-only for the app
 * role); only the super admin writes it, as platform work.
 */
export function platformProductsService(db: Db) {
  const one = async (tx: Tx, id: number) => {
    const [row] = await queryRows<TPlatformProduct>(
      tx,
      sql`select ${columns} from platform_products p where p.id = ${id}`,
    );
    if (!row) throw notFound('platform product');
    return row;
  };
  const write = async <T>(fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch (err) {
      translateDbError(err, errors);
    }
  };
  return {
    tenantList: (auth: AuthContext, q: TPlatformProductListQuery) =>
      withTenant(db, callerTenant(auth), (tx) => paginate<TPlatformProduct>(tx, listSpec(q), q)),
    list: (q: TPlatformProductListQuery) => withPlatform(db, (tx) => paginate<TPlatformProduct>(tx, listSpec(q), q)),
    get: (id: number) => withPlatform(db, (tx) => one(tx, id)),
    create: (body: TPlatformProductInput) =>
      write(() =>
        withPlatform(db, async (tx) => {
          const p = ZPlatformProductInput.parse(body);
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into platform_products (reference, designation, kind, unit_price, vat_rate, active)
                values (${p.reference}, ${p.designation}, ${p.kind}, ${p.unitPrice}, ${p.vatRate}, ${p.active})
                returning id`,
          );
          return one(tx, row!.id);
        }),
      ),
    update: (id: number, body: TPlatformProductInput) =>
      write(() =>
        withPlatform(db, async (tx) => {
          const p = ZPlatformProductInput.parse(body);
          const rows = await queryRows<{ id: number }>(
            tx,
            sql`update platform_products set reference = ${p.reference}, designation = ${p.designation},
                  kind = ${p.kind}, unit_price = ${p.unitPrice}, vat_rate = ${p.vatRate}, active = ${p.active},
                  updated_at = now()
                where id = ${id} returning id`,
          );
          if (!rows.length) throw notFound('platform product');
          return one(tx, id);
        }),
      ),
    /** Orders keep their lines' copy of the product: deleting it only unlinks them. */
    remove: (id: number) =>
      withPlatform(db, async (tx) => {
        const rows = await queryRows(tx, sql`delete from platform_products where id = ${id} returning id`);
        if (!rows.length) throw notFound('platform product');
        return { ok: true as const };
      }),
  };
}
