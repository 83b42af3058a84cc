import { sql } from 'drizzle-orm';
import { ZCustomerInput, ZSupplierInput, type TArticleCreate } from '@tagstock/contract';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../db/client';
import { articleImportSpec } from '../modules/articles/articles.import';
import { customerImportSpec } from '../modules/customers/customers.module';
import { supplierImportSpec } from '../modules/suppliers/suppliers.module';
import { platformRows, setupTestApp, statementCounter } from '../test/helper';
import { contactInput } from './contact-import';
import type { ImportExportSpec } from './import-export';

// Each chunk of an import is written in a fixed number of statements, whatever its number of rows.
const statements = statementCounter();
const ctx = await setupTestApp({}, { logQuery: statements.logQuery });
const db = ctx.database.db;
const [demo] = await platformRows<{ tenantId: number; userId: number }>(
  db,
  sql`select t.id as "tenantId", u.id as "userId" from tenants t join users u on u.tenant_id = t.id
      where t.name = 'Demo' and u.email = 'admin@demo.test'`,
);
const { tenantId, userId } = demo!;

/** Applies one chunk as the import does (lookups read first), counting only the chunk's own statements. */
async function applyChunk<T, L>(spec: ImportExportSpec<T, L>, rows: T[]) {
  const lookups = await withTenant(db, tenantId, (tx) => spec.lookups(tx, tenantId));
  return withTenant(db, tenantId, (tx) => statements.count(() => spec.apply({ tx, tenantId, userId, lookups }, rows)));
}

const article = (reference: string, initialQuantity: number): TArticleCreate =>
  ({
    reference,
    designation: `Imported ${reference}`,
    size: 'M',
    priceHt: '12.50',
    vatRate: '20',
    unitPrice: null,
    stockAlert: 5,
    stockTag: null,
    initialQuantity,
    categoryId: null,
    supplierId: null,
  }) as TArticleCreate;

describe('statements per import chunk', () => {
  it('writes a chunk of articles in two statements, with opening stock, log and counts as before', async () => {
    const small = await applyChunk(articleImportSpec, [article('STM-0001', 3), article('STM-0002', 0)]);
    // 300 rows: the two above again (updated), 298 new ones, most with an opening stock.
    const rows = Array.from({ length: 300 }, (_, i) => article(`STM-${String(i + 1).padStart(4, '0')}`, i % 4));
    const large = await applyChunk(articleImportSpec, rows);
    expect(small).toEqual({ result: { created: 2, updated: 0 }, statements: 2 });
    expect(large).toEqual({ result: { created: 298, updated: 2 }, statements: 2 });

    const [stock] = await platformRows<{ articles: number; quantity: number; moves: number; moved: number }>(
      db,
      sql`select count(*)::int as articles, sum(a.quantity)::int as quantity,
            (select count(*)::int from stock_movements m join articles x on x.id = m.article_id
              where x.reference like 'STM-%' and m.reason_code = 'import') as moves,
            (select sum(m.delta)::int from stock_movements m join articles x on x.id = m.article_id
              where x.reference like 'STM-%') as moved
          from articles a where a.tenant_id = ${tenantId} and a.reference like 'STM-%'`,
    );
    // An existing article's quantity is never changed by an import: STM-0001 keeps its 3, STM-0002 its 0.
    const opening = 3 + rows.slice(2).reduce((sum, r) => sum + r.initialQuantity, 0);
    expect(stock).toEqual({
      articles: 300,
      quantity: opening,
      moves: 1 + rows.slice(2).filter((r) => r.initialQuantity > 0).length,
      moved: opening,
    });
    const [log] = await platformRows<{ imported: number }>(
      db,
      sql`select count(*)::int as imported from activity_log l join articles a on a.id = l.entity_id
          where l.entity = 'article' and l.action = 'imported' and a.reference like 'STM-%'`,
    );
    expect(log!.imported).toBe(302);
  });

  it('writes a chunk of suppliers or customers in two statements, updating the known ones by name', async () => {
    const supplier = (i: number, city: string) =>
      ZSupplierInput.parse(contactInput({ name: `Stm supplier ${i}`, city }));
    const small = await applyChunk(supplierImportSpec, [supplier(1, 'Lyon'), supplier(2, 'Lyon')]);
    // 300 rows, the first two known (matched by name, any case), 298 new.
    const rows = Array.from({ length: 300 }, (_, i) => supplier(i + 1, 'Lille'));
    rows[0] = { ...rows[0]!, name: 'STM SUPPLIER 1' };
    const large = await applyChunk(supplierImportSpec, rows);
    expect(small).toEqual({ result: { created: 2, updated: 0 }, statements: 1 });
    expect(large).toEqual({ result: { created: 298, updated: 2 }, statements: 2 });
    const cities = await platformRows<{ name: string; city: string }>(
      db,
      sql`select name, city from suppliers where tenant_id = ${tenantId} and name ilike 'stm supplier %'
          order by id limit 3`,
    );
    expect(cities).toEqual([
      { name: 'STM SUPPLIER 1', city: 'Lille' },
      { name: 'Stm supplier 2', city: 'Lille' },
      { name: 'Stm supplier 3', city: 'Lille' },
    ]);
  });

  it('maps a customer’s own fields (category, group) onto their columns in the one update', async () => {
    const customer = (i: number, category: string | null) =>
      ZCustomerInput.parse({ ...contactInput({ name: `Stm customer ${i}` }), customerCategory: category });
    await applyChunk(customerImportSpec, [customer(1, 'Retail'), customer(2, 'Retail')]);
    const again = await applyChunk(customerImportSpec, [customer(1, 'Wholesale'), customer(2, null)]);
    expect(again).toEqual({ result: { created: 0, updated: 2 }, statements: 1 });
    const rows = await platformRows<{ category: string | null }>(
      db,
      sql`select customer_category as category from customers where tenant_id = ${tenantId}
          and name like 'Stm customer %' order by name`,
    );
    expect(rows).toEqual([{ category: 'Wholesale' }, { category: null }]);
  });
});
