import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformRows, setupTestApp } from '../test/helper';
import { seedDemoDocuments } from './seed-documents';

const ctx = await setupTestApp();
const db = ctx.database.db;

describe('demo documents', () => {
  // Every recent demo document through its service, one statement after another: slow on a busy machine.
  it('writes one demo order of each state through the purchasing service, with its stock and history', async () => {
    const stockOf = async (reference: string) =>
      (
        await platformRows<{ quantity: number }>(
          db,
          sql`select quantity from articles a join tenants t on t.id = a.tenant_id
              where t.name = 'Demo' and a.reference = ${reference}`,
        )
      )[0]!.quantity;
    const before = { vest: await stockOf('VT-VES-M'), keys: await stockOf('OUT-CLE-SET') };

    await seedDemoDocuments(db);

    const orders = await platformRows<{ number: string; status: string; receiptStatus: string; tenant: string }>(
      db,
      sql`select o.number, o.status, o.receipt_status as "receiptStatus", t.name as tenant
          from purchase_orders o join tenants t on t.id = o.tenant_id order by o.id`,
    );
    expect(orders.map((o) => [o.tenant, o.status, o.receiptStatus])).toEqual([
      ['Demo', 'done', 'received'],
      ['Demo', 'done', 'partially_received'],
      ['Demo', 'done', 'not_received'],
      ['Demo', 'canceled', 'not_received'],
      ['Demo', 'in_progress', 'not_received'],
    ]);
    expect(orders.map((o) => o.number.slice(-6))).toEqual(['000001', '000002', '000003', '000004', '000005']);
    expect(await stockOf('VT-VES-M')).toBe(before.vest + 10);
    expect(await stockOf('OUT-CLE-SET')).toBe(before.keys + 4);
    const [note] = await platformRows<{ changes: unknown }>(
      db,
      sql`select changes from activity_log where entity = 'purchase_order' and action = 'status'
          and changes::text like '%Doublon%'`,
    );
    expect(note?.changes).toContainEqual({ field: 'note', from: null, to: 'Doublon : déjà commandé par téléphone' });

    // The admin sees them through the API, with server totals.
    const token = await ctx.token('admin@demo.test');
    const list = (
      await ctx.as(token, { method: 'GET', url: '/backend/api/purchase-orders?status=in_progress' })
    ).json();
    expect(list.items[0].totalNet).toBe('930.00');
    const acme = await ctx.token('admin@acme.test');
    expect((await ctx.as(acme, { method: 'GET', url: '/backend/api/purchase-orders' })).json().total).toBe(0);
  }, 120_000);
});
