import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client';
import { purchaseOrders, suppliers } from '../../db/schema';
import { platformRows, setupTestApp } from '../../test/helper';
import { DEFAULT_PAYMENT_MODES } from './payment-modes.module';

const ctx = await setupTestApp();
const api = '/backend/api';
type Mode = { id: number; label: string; code: string | null; active: boolean };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (token: string, method: Method, url: string, payload?: object) =>
  ctx.as(token, { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
async function ok<T = Mode>(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const labels = async (token: string, query = '') =>
  (await ok<{ items: Mode[] }>(token, 'GET', `/payment-modes?limit=100${query}`)).items.map((m) => m.label);

describe('payment modes', () => {
  it('gives every tenant the French default modes, with their UNCL 4461 codes', async () => {
    for (const email of ['admin@demo.test', 'admin@acme.test']) {
      const seeded = await labels(await ctx.token(email));
      for (const { label } of DEFAULT_PAYMENT_MODES) expect(seeded).toContain(label);
    }
    const rows = await platformRows<{ tenant: string; n: number }>(
      ctx.database.db,
      sql`select t.name as tenant, count(*)::int as n from payment_modes p join tenants t on t.id = p.tenant_id
          where p.label in ('Virement', 'Chèque', 'Carte bancaire', 'Espèces', 'LCR', 'Prélèvement')
          group by t.name order by t.name`,
    );
    expect(rows).toEqual([
      { tenant: 'Acme', n: 6 },
      { tenant: 'Demo', n: 6 },
    ]);
    const admin = await ctx.token('admin@demo.test');
    const [transfer] = (await ok<{ items: Mode[] }>(admin, 'GET', '/payment-modes?search=Virement')).items;
    expect(transfer).toMatchObject({ label: 'Virement', code: '30', active: true });
  });

  it('lists only the active modes on request, and refuses a bad filter', async () => {
    const admin = await ctx.token('admin@demo.test');
    const mode = await ok(admin, 'POST', '/payment-modes', { label: 'PM — ancien', code: 'OLD' });
    await ok(admin, 'PUT', `/payment-modes/${mode.id}`, { label: 'PM — ancien', code: 'OLD', active: false });
    expect(await labels(admin, '&active=true')).not.toContain('PM — ancien');
    expect(await labels(admin, '&active=false')).toEqual(['PM — ancien']);
    expect(await labels(admin)).toContain('PM — ancien');
    expect((await call(admin, 'GET', '/payment-modes?active=yes')).statusCode).toBe(400);
  });

  it('refuses a second mode with the same label in a tenant, not in another tenant', async () => {
    const admin = await ctx.token('admin@demo.test');
    const twice = await call(admin, 'POST', '/payment-modes', { label: 'Virement' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_exists', errors: [{ field: 'label', code: 'already_used' }] });
    const acme = await ctx.token('admin@acme.test');
    expect((await call(acme, 'POST', '/payment-modes', { label: 'PM — partagé' })).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/payment-modes', { label: 'PM — partagé' })).statusCode).toBe(200);
  });

  it('bounds the label and the code', async () => {
    const admin = await ctx.token('admin@demo.test');
    const res = await call(admin, 'POST', '/payment-modes', { label: 'x'.repeat(81), code: 'y'.repeat(21) });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries((res.json().errors as { field: string }[]).map((e) => [e.field, e]));
    expect(byField.label).toMatchObject({ code: 'too_long', params: { maximum: 80 } });
    expect(byField.code).toMatchObject({ code: 'too_long', params: { maximum: 20 } });
    expect((await call(admin, 'POST', '/payment-modes', { label: '  ' })).json().errors[0]).toMatchObject({
      field: 'label',
      code: 'required',
    });
  });

  it('logs creations, changes and deletions', async () => {
    const admin = await ctx.token('admin@demo.test');
    const mode = await ok(admin, 'POST', '/payment-modes', { label: 'PM — journal', code: '1' });
    await ok(admin, 'PUT', `/payment-modes/${mode.id}`, { label: 'PM — journal', code: '97' });
    await ok(admin, 'DELETE', `/payment-modes/${mode.id}`);
    const logs = (
      await ok<{ items: { action: string; changes: unknown[] }[] }>(
        admin,
        'GET',
        `/logs?entity=${encodeURIComponent('payment mode')}&search=${encodeURIComponent('PM — journal')}`,
      )
    ).items;
    expect(logs.map((l) => l.action)).toEqual(['deleted', 'updated', 'created']);
    expect(logs[1]!.changes).toEqual([{ field: 'code', from: '1', to: '97' }]);
  });

  it('refuses to delete a mode a purchase order uses (409 in_use, with the count), and says so beforehand', async () => {
    const admin = await ctx.token('admin@demo.test');
    const mode = await ok(admin, 'POST', '/payment-modes', { label: 'PM — utilisé' });
    const [demo] = await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Demo'`);
    // The purchase order API lands separately: the order is written directly, as that API will write it.
    await withTenant(ctx.database.db, demo!.id, async (tx) => {
      const [supplier] = await tx.select({ id: suppliers.id }).from(suppliers).limit(1);
      await tx.insert(purchaseOrders).values({
        tenantId: demo!.id,
        number: 'BC-2026-PM0001',
        supplierId: supplier!.id,
        paymentModeId: mode.id,
        orderDate: '2026-03-02',
      });
    });
    expect(await ok(admin, 'GET', `/payment-modes/${mode.id}/usage`)).toEqual({
      usages: [{ resource: 'purchaseOrders', count: 1 }],
    });
    const refused = await call(admin, 'DELETE', `/payment-modes/${mode.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'in_use', params: { usedBy: 'purchase_orders', count: 1 } });
    // Deactivating is the way out; the mode stays on its order.
    const inactive = await ok(admin, 'PUT', `/payment-modes/${mode.id}`, { label: 'PM — utilisé', active: false });
    expect(inactive.active).toBe(false);
  });
});
