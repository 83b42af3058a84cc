import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant, type Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { platformRows, setupTestApp, userIdOf } from '../../test/helper';
import { moveStock, type StockChange } from './stock.service';

const ctx = await setupTestApp();
const db = () => ctx.database.db;
type Row = Record<string, unknown>;

const [demo] = await platformRows<{ id: number }>(db(), sql`select id from tenants where name = 'Demo'`);
const tenantId = demo!.id;
const stockCtx = { tenantId, userId: await userIdOf(db(), 'admin@demo.test') };

let batch = 0;
/** `count` new articles of the demo tenant with `quantity` each (inserted directly: the test is about moving them). */
async function newArticles(count: number, quantity = 0): Promise<number[]> {
  batch += 1;
  const rows = await platformRows<{ id: number }>(
    db(),
    sql`insert into articles (tenant_id, reference, designation, quantity, price_ht, vat_rate, price_ttc)
        select ${tenantId}, 'STK-' || ${batch}::int || '-' || g, 'Article ' || g, ${quantity}::int, 10, 20, 12
        from generate_series(1, ${count}::int) g returning id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The transaction with its statements counted: every statement of moveStock goes through `execute` or, prepared
 * (`queryPrepared`), through its session's `prepareQuery`.
 */
function counting(tx: Tx) {
  const counter = { statements: 0 };
  const counted = <T extends object>(target: T, method: string): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        const value = Reflect.get(t, prop, receiver) as unknown;
        if (prop === method && typeof value === 'function')
          return (...args: unknown[]) => {
            counter.statements += 1;
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  const wrapped = new Proxy(counted(tx, 'execute'), {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== '_') return value;
      const inner = value as Tx['_'];
      return { ...inner, session: counted(inner.session, 'prepareQuery') };
    },
  });
  return { tx: wrapped, counter };
}

const quantities = async (ids: number[]) =>
  (
    await platformRows<{ id: number; quantity: number }>(
      db(),
      sql`select id, quantity from articles where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
    )
  ).map((r) => r.quantity);

async function statementsFor(changes: (ids: number[]) => StockChange[], count: number) {
  const ids = await newArticles(count);
  return withTenant(db(), tenantId, async (tx) => {
    const c = counting(tx);
    await moveStock(c.tx, stockCtx, changes(ids));
    return c.counter.statements;
  });
}

describe('moveStock', () => {
  it('moves many articles in a constant number of statements, with a movement per change and a log per article', async () => {
    const receipt = (ids: number[]) =>
      ids.map((articleId, i) => ({
        articleId,
        delta: i + 1,
        reason: 'receipt' as const,
        note: 'BL 7',
        source: { type: 'delivery_note', id: 7 },
      }));
    const few = await statementsFor(receipt, 3);
    const many = await statementsFor(receipt, 400);
    expect(few).toBe(2);
    expect(many).toBe(few);

    const ids = await newArticles(50);
    await withTenant(db(), tenantId, (tx) => moveStock(tx, stockCtx, receipt(ids)));
    expect(await quantities(ids)).toEqual(ids.map((_, i) => i + 1));
    const moves = await platformRows<Row>(
      db(),
      sql`select article_id as "articleId", delta, quantity_after as after, reason_code as reason, note,
            source_type as "sourceType", source_id as "sourceId", user_id as "userId"
          from stock_movements where article_id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
    );
    expect(moves).toHaveLength(50);
    expect(moves[9]).toEqual({
      articleId: ids[9],
      delta: 10,
      after: 10,
      reason: 'receipt',
      note: 'BL 7',
      sourceType: 'delivery_note',
      sourceId: 7,
      userId: stockCtx.userId,
    });
    const logs = await platformRows<Row>(
      db(),
      sql`select entity_id as "articleId", action, summary, changes from activity_log
          where entity = 'article' and entity_id = any(${`{${ids.join(',')}}`}::int[]) order by entity_id`,
    );
    expect(logs).toHaveLength(50);
    expect(logs[0]).toMatchObject({
      articleId: ids[0],
      action: 'incremented',
      changes: [
        { field: 'quantity', from: 0, to: 1 },
        { field: 'reasonCode', from: null, to: 'receipt' },
      ],
    });
    // No English text: the web names the reason's code in the reader's language.
    expect(logs[0]!.summary).toBe(`STK-${batch}-1 — Article 1`);
  });

  it('applies several changes of one article in order, and logs the article once from first to last', async () => {
    const [id] = await newArticles(1, 2);
    const [reason] = await platformRows<{ id: number }>(
      db(),
      sql`select id from reasons where tenant_id = ${tenantId} and label = 'Casse'`,
    );
    await withTenant(db(), tenantId, (tx) =>
      moveStock(tx, stockCtx, [
        { articleId: id!, delta: -2, reason: 'manual', reasonId: reason!.id },
        { articleId: id!, delta: 5, reason: 'rfid' },
        { articleId: id!, delta: -1, reason: 'rfid' },
      ]),
    );
    expect(await quantities([id!])).toEqual([4]);
    const moves = await platformRows<{ delta: number; after: number }>(
      db(),
      sql`select delta, quantity_after as after from stock_movements where article_id = ${id!} order by id`,
    );
    expect(moves).toEqual([
      { delta: -2, after: 0 },
      { delta: 5, after: 5 },
      { delta: -1, after: 4 },
    ]);
    const logs = await platformRows<Row>(
      db(),
      sql`select action, summary, changes from activity_log where entity = 'article' and entity_id = ${id!}`,
    );
    expect(logs).toHaveLength(1);
    // Every reason of the batch: the codes, and the tenant's own reason by its name.
    expect(logs[0]).toMatchObject({
      action: 'incremented',
      changes: [
        { field: 'quantity', from: 2, to: 4 },
        { field: 'reasonCode', from: null, to: ['manual', 'rfid'] },
        { field: 'reason', from: null, to: 'Casse' },
      ],
    });
  });

  it('refuses the whole batch with 409 insufficient_stock when one change would go below zero', async () => {
    const ids = await newArticles(3, 1);
    const attempt = withTenant(db(), tenantId, (tx) =>
      moveStock(tx, stockCtx, [
        { articleId: ids[0]!, delta: 4, reason: 'receipt' },
        { articleId: ids[1]!, delta: -1, reason: 'delivery' },
        { articleId: ids[2]!, delta: -2, reason: 'delivery' },
      ]),
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'insufficient_stock' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await quantities(ids)).toEqual([1, 1, 1]);
    const [moves] = await platformRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from stock_movements where article_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(moves!.n).toBe(0);
  });

  it('finds only articles of its own tenant', async () => {
    const [id] = await newArticles(1, 5);
    const [acme] = await platformRows<{ id: number }>(db(), sql`select id from tenants where name = 'Acme'`);
    // As the table owner (no row-level security) the explicit tenant filter is the only wall.
    await expect(
      moveStock(db(), { tenantId: acme!.id, userId: null }, [{ articleId: id!, delta: -1, reason: 'output' }]),
    ).rejects.toMatchObject({ status: 404 });
    expect(await quantities([id!])).toEqual([5]);
  });
});
