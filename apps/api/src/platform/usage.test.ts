import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../db/client';
import { purchaseOrderLines, purchaseOrders } from '../db/schema';
import { platformRows, setupTestApp } from '../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Row = { id: number; [k: string]: unknown };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (token: string, method: Method, url: string, payload?: object) =>
  ctx.as(token, { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
async function ok<T = Row>(token: string, method: Method, url: string, payload?: object) {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const article = (token: string, reference: string, extra: object) =>
  ok(token, 'POST', '/articles', {
    reference,
    designation: `Article ${reference}`,
    priceHt: '10',
    vatRate: '20',
    stockAlert: 0,
    ...extra,
  });

// What refers to a record is counted before a delete, so the user learns it before confirming.
describe('usage of a record', () => {
  it('counts the articles of a category, only in the caller tenant', async () => {
    const admin = await ctx.token('admin@demo.test');
    const used = await ok(admin, 'POST', '/categories', { name: 'Usage — vestes' });
    const free = await ok(admin, 'POST', '/categories', { name: 'Usage — vide' });
    await article(admin, 'USG-1', { categoryId: used.id });
    await article(admin, 'USG-2', { categoryId: used.id });
    // Acme's own articles in its own category never count for Demo's.
    const acme = await ctx.token('admin@acme.test');
    const acmeCategory = await ok(acme, 'POST', '/categories', { name: 'Usage — vestes' });
    await article(acme, 'USG-1', { categoryId: acmeCategory.id });

    expect(await ok(admin, 'GET', `/categories/${used.id}/usage`)).toEqual({
      usages: [{ resource: 'articles', count: 2 }],
    });
    expect(await ok(admin, 'GET', `/categories/${free.id}/usage`)).toEqual({ usages: [] });
    expect(await ok(acme, 'GET', `/categories/${acmeCategory.id}/usage`)).toEqual({
      usages: [{ resource: 'articles', count: 1 }],
    });
  });

  it('answers 404 for another tenant record and for an unknown id, 400 for a bad id', async () => {
    const admin = await ctx.token('admin@demo.test');
    const acme = await ctx.token('admin@acme.test');
    const demoCategory = await ok(admin, 'POST', '/categories', { name: 'Usage — privée' });
    const foreign = await call(acme, 'GET', `/categories/${demoCategory.id}/usage`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    expect((await call(admin, 'GET', '/categories/2147483000/usage')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/categories/abc/usage')).statusCode).toBe(400);
  });

  it('is readable with the read permission only, and refused without it', async () => {
    const admin = await ctx.token('admin@demo.test');
    const group = await ok(admin, 'POST', '/customer-groups', { name: 'Usage — groupe' });
    await ok(admin, 'POST', '/customers', { name: 'Usage client', groupId: group.id });
    const viewer = await ctx.token('viewer@demo.test');
    expect(await ok(viewer, 'GET', `/customer-groups/${group.id}/usage`)).toEqual({
      usages: [{ resource: 'customers', count: 1 }],
    });
    // Read-only: the viewer may ask, not delete.
    expect((await call(viewer, 'DELETE', `/customer-groups/${group.id}`)).statusCode).toBe(403);

    const role = await ok(admin, 'POST', '/roles', { name: 'Usage — sans droits' });
    await ok(admin, 'POST', '/users', {
      name: 'Sans Droits',
      email: 'usage-none@demo.test',
      roleId: role.id,
      App_Type: 'Web',
      password: 'usage-password-1',
      confirmation: 'usage-password-1',
    });
    const none = await ctx.token('usage-none@demo.test', 'usage-password-1');
    expect((await call(none, 'GET', `/customer-groups/${group.id}/usage`)).statusCode).toBe(403);
    expect(await ok(admin, 'GET', `/roles/${role.id}/usage`)).toEqual({ usages: [{ resource: 'users', count: 1 }] });
  });

  it('counts the stock movements of a reason, the tags of a family, the attributions of a consumer', async () => {
    const admin = await ctx.token('admin@demo.test');
    const reason = await ok(admin, 'POST', '/reasons', { label: 'Usage — casse', kind: 'decrement' });
    const item = await article(admin, 'USG-STOCK', { initialQuantity: 5 });
    await ok(admin, 'POST', `/articles/${item.id}/decrement`, { quantity: 2, reasonId: reason.id });
    expect(await ok(admin, 'GET', `/reasons/${reason.id}/usage`)).toEqual({
      usages: [{ resource: 'stockMovements', count: 1 }],
    });

    const family = await ok(admin, 'POST', '/tag-families', { name: 'Usage — famille' });
    await ok(admin, 'POST', '/tags/bind', {
      articleId: item.id,
      familyId: family.id,
      epcs: ['ABCD00000000000000000F01'],
    });
    expect(await ok(admin, 'GET', `/tag-families/${family.id}/usage`)).toEqual({
      usages: [{ resource: 'tags', count: 1 }],
    });

    const consumer = await ok(admin, 'POST', '/consumers', { name: 'Usage — atelier', kind: 'service' });
    await ok(admin, 'POST', '/attributions', { consumerId: consumer.id, articleId: item.id, startDate: '2026-01-05' });
    expect(await ok(admin, 'GET', `/consumers/${consumer.id}/usage`)).toEqual({
      usages: [{ resource: 'attributions', count: 1 }],
    });
  });

  // Purchasing registers these: the supplier and article modules know nothing of purchase orders.
  it('counts what other modules registered: the articles and purchase orders of a supplier, the orders of an article', async () => {
    const admin = await ctx.token('admin@demo.test');
    const supplier = await ok(admin, 'POST', '/suppliers', { name: 'Usage — fournisseur' });
    const item = await article(admin, 'USG-PO', { supplierId: supplier.id });
    const modes = await ok<{ items: Row[] }>(admin, 'GET', '/payment-modes');
    const [demo] = await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Demo'`);
    // Written directly: only what names the supplier and the article matters here, not the order rules.
    await withTenant(ctx.database.db, demo!.id, async (tx) => {
      const [order] = await tx
        .insert(purchaseOrders)
        .values({
          tenantId: demo!.id,
          number: 'BC-2026-USG001',
          supplierId: supplier.id,
          paymentModeId: modes.items[0]!.id,
          orderDate: '2026-03-02',
        })
        .returning({ id: purchaseOrders.id });
      const line = { tenantId: demo!.id, orderId: order!.id, articleId: item.id, reference: 'USG-PO' };
      const price = { designation: 'Article USG-PO', unitPrice: '10', vatRate: '20', netAmount: '10' };
      await tx.insert(purchaseOrderLines).values([
        { ...line, ...price, position: 1, quantity: 1 },
        { ...line, ...price, position: 2, quantity: 1 },
      ]);
    });
    expect(await ok(admin, 'GET', `/suppliers/${supplier.id}/usage`)).toEqual({
      usages: [
        { resource: 'articles', count: 1 },
        { resource: 'purchaseOrders', count: 1 },
      ],
    });
    // Counted by order lines: the article is on two.
    expect(await ok(admin, 'GET', `/articles/${item.id}/usage`)).toEqual({
      usages: [{ resource: 'purchaseOrders', count: 2 }],
    });
  });
});

describe('reasons by direction', () => {
  it('lists a direction reasons: its own kind and both', async () => {
    const admin = await ctx.token('admin@demo.test');
    await ok(admin, 'POST', '/reasons', { label: 'Dir — entrée', kind: 'increment' });
    await ok(admin, 'POST', '/reasons', { label: 'Dir — sortie', kind: 'decrement' });
    await ok(admin, 'POST', '/reasons', { label: 'Dir — les deux', kind: 'both' });
    const labels = async (kind: string) =>
      (await ok<{ items: { label: string }[] }>(admin, 'GET', `/reasons?search=Dir%20%E2%80%94&kind=${kind}`)).items
        .map((r) => r.label)
        .sort();
    expect(await labels('decrement')).toEqual(['Dir — les deux', 'Dir — sortie']);
    expect(await labels('increment')).toEqual(['Dir — entrée', 'Dir — les deux']);
    expect((await call(admin, 'GET', '/reasons?kind=sideways')).statusCode).toBe(400);
  });
});

describe('prices', () => {
  it('refuses a price with more than 2 decimals, on its field', async () => {
    const admin = await ctx.token('admin@demo.test');
    const res = await call(admin, 'POST', '/articles', {
      reference: 'PRICE-3D',
      designation: 'Prix à trois décimales',
      priceHt: '12.345',
      vatRate: '20',
      stockAlert: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['priceHt']);
    const saved = await article(admin, 'PRICE-2D', { priceHt: '27.60' });
    expect(saved.priceHt).toMatch(/^27\.60*$/);
  });
});
