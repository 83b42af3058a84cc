import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';

const admin = () => ctx.token('admin@demo.test');
async function get<T = Record<string, unknown>>(url: string, token?: string): Promise<T> {
  const res = await ctx.as(token ?? (await admin()), { method: 'GET', url: `${api}${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const post = async (url: string, payload: object, token?: string) =>
  ctx.as(token ?? (await admin()), { method: 'POST', url: `${api}${url}`, payload });
type Row = { id: number; [k: string]: unknown };
const reasonId = async (label: string) =>
  (await get<{ items: Row[] }>(`/reasons?search=${encodeURIComponent(label)}`)).items[0]!.id;

describe('articles', () => {
  it('computes the price including tax in decimal and keeps it consistent on update', async () => {
    const res = await post('/articles', {
      reference: 'T-PRICE',
      designation: 'Prix',
      priceHt: '19.99',
      vatRate: '5.5',
      stockAlert: 0,
    });
    expect(res.json()).toMatchObject({ priceHt: '19.99', vatRate: '5.5', priceTtc: '21.09', quantity: 0 });
    const put = await ctx.as(await admin(), {
      method: 'PUT',
      url: `${api}/articles/${res.json().id}`,
      payload: { reference: 'T-PRICE', designation: 'Prix', priceHt: '0.10', vatRate: '20', stockAlert: 0 },
    });
    expect(put.json().priceTtc).toBe('0.12');
    // Computed and stock fields cannot be set directly.
    for (const extra of [{ priceTtc: '1.00' }, { quantity: 50 }]) {
      const r = await ctx.as(await admin(), {
        method: 'PUT',
        url: `${api}/articles/${res.json().id}`,
        payload: { reference: 'T-PRICE', designation: 'Prix', priceHt: '1', vatRate: '20', stockAlert: 0, ...extra },
      });
      expect(r.statusCode).toBe(400);
    }
  });

  it('refuses a duplicate reference in the tenant but allows it in another tenant', async () => {
    const body = { reference: 'T-DUP', designation: 'Doublon', priceHt: '1', vatRate: '20', stockAlert: 0 };
    expect((await post('/articles', body)).statusCode).toBe(200);
    const dup = await post('/articles', body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'already_exists', errors: [{ field: 'reference' }] });
    expect((await post('/articles', body, await ctx.token('admin@acme.test'))).statusCode).toBe(200);
  });

  it('refuses a supplier or category of another tenant', async () => {
    const acmeSupplier = (await get<{ items: Row[] }>('/suppliers', await ctx.token('admin@acme.test'))).items[0]!.id;
    const res = await post('/articles', {
      reference: 'T-X',
      designation: 'x',
      priceHt: '1',
      vatRate: '20',
      stockAlert: 0,
      supplierId: acmeSupplier,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_reference', errors: [{ field: 'supplierId' }] });
  });

  it('moves stock only by increments and decrements with a reason, never below zero, with history and log', async () => {
    const created = await post('/articles', {
      reference: 'T-STOCK',
      designation: 'Stock',
      priceHt: '2.50',
      vatRate: '20',
      stockAlert: 3,
      initialQuantity: 5,
    });
    const id = created.json().id as number;
    expect(created.json().quantity).toBe(5);
    const inc = await post(`/articles/${id}/increment`, {
      quantity: 4,
      reasonId: await reasonId('Réception'),
      note: 'BL 42',
    });
    expect(inc.statusCode, inc.body).toBe(200);
    expect(inc.json().quantity).toBe(9);
    const dec = await post(`/articles/${id}/decrement`, { quantity: 7, reasonId: await reasonId('Casse') });
    expect(dec.json().quantity).toBe(2);

    const tooMuch = await post(`/articles/${id}/decrement`, { quantity: 3, reasonId: await reasonId('Casse') });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('insufficient_stock');
    const wrongKind = await post(`/articles/${id}/increment`, { quantity: 1, reasonId: await reasonId('Casse') });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errors[0].field).toBe('reasonId');
    expect((await post(`/articles/${id}/increment`, { quantity: 0, reasonId: 1 })).statusCode).toBe(400);
    expect((await get<Row>(`/articles/${id}`)).quantity).toBe(2);

    const history = await get<{ items: Row[] }>(`/articles/${id}/movements`);
    expect(history.items.map((m) => m.delta)).toEqual([-7, 4, 5]);
    expect(history.items[1]).toMatchObject({
      reasonCode: 'manual',
      reason: 'Réception fournisseur',
      note: 'BL 42',
      quantityAfter: 9,
      userName: 'Camille Martin',
    });
    // A reason of the server's own is its code only (the web names it); a tenant's reason keeps its name.
    expect(history.items[2]).toMatchObject({ reasonCode: 'opening', reason: null, quantityAfter: 5 });

    const logs = await get<{ items: Row[] }>(`/logs?search=T-STOCK`);
    // The opening stock is a stock change too, logged in the transaction that created the article.
    expect(logs.items.map((l) => l.action)).toEqual(['decremented', 'incremented', 'created', 'incremented']);
    expect(logs.items[0]).toMatchObject({ summary: 'T-STOCK — Stock', byPlatform: false });
    expect(logs.items[0]!.changes).toEqual([
      { field: 'quantity', from: 9, to: 2 },
      { field: 'reasonCode', from: null, to: 'manual' },
      { field: 'reason', from: null, to: 'Casse' },
    ]);
    expect(logs.items[3]!.changes).toEqual([
      { field: 'quantity', from: 0, to: 5 },
      { field: 'reasonCode', from: null, to: 'opening' },
    ]);

    const viewer = await ctx.token('viewer@demo.test');
    expect(
      (await post(`/articles/${id}/increment`, { quantity: 1, reasonId: await reasonId('Réception') }, viewer))
        .statusCode,
    ).toBe(403);
    const acme = await ctx.token('admin@acme.test');
    const acmeReason = (await get<{ items: Row[] }>('/reasons?search=Réception', acme)).items[0]!.id;
    expect((await post(`/articles/${id}/increment`, { quantity: 1, reasonId: acmeReason }, acme)).statusCode).toBe(404);
    expect((await ctx.as(acme, { method: 'GET', url: `${api}/articles/${id}/movements` })).statusCode).toBe(404);
  });

  it('logs updates with old and new values', async () => {
    const created = await post('/articles', {
      reference: 'T-LOG',
      designation: 'Avant',
      priceHt: '1',
      vatRate: '20',
      stockAlert: 0,
    });
    await ctx.as(await admin(), {
      method: 'PUT',
      url: `${api}/articles/${created.json().id}`,
      payload: { reference: 'T-LOG', designation: 'Après', priceHt: '1', vatRate: '20', stockAlert: 0 },
    });
    const logs = await get<{ items: Row[] }>('/logs?entity=article&search=T-LOG');
    expect(logs.items[0]).toMatchObject({
      action: 'updated',
      changes: [{ field: 'designation', from: 'Avant', to: 'Après' }],
    });
  });

  it('filters stock alerts, articles without supplier and a supplier’s articles', async () => {
    const alerts = await get<{ items: Row[] }>('/articles?stockAlert=true&limit=100');
    expect(alerts.items.length).toBeGreaterThan(0);
    for (const a of alerts.items) expect(a.quantity as number).toBeLessThanOrEqual(a.stockAlert as number);
    const orphans = await get<{ items: Row[] }>('/articles?withoutSupplier=true&limit=100');
    expect(orphans.items.map((a) => a.reference)).toContain('OUT-MET-5');
    for (const a of orphans.items) expect(a.supplierId).toBeNull();
    const supplier = (await get<{ items: Row[] }>('/suppliers?search=Bretagne')).items[0]!;
    const bySupplier = await get<{ items: Row[]; total: number }>(`/articles?supplierId=${supplier.id}`);
    expect(bySupplier.total).toBe(supplier.articleCount);
  });

  it('refuses to delete a supplier or category that articles still use', async () => {
    const supplier = (await get<{ items: Row[] }>('/suppliers?search=Bretagne')).items[0]!;
    const res = await ctx.as(await admin(), { method: 'DELETE', url: `${api}/suppliers/${supplier.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('in_use');
    expect((await get<Row>(`/suppliers/${supplier.id}`)).id).toBe(supplier.id);
    const category = (await get<{ items: Row[] }>('/categories?search=Outillage')).items[0]!;
    expect(
      (await ctx.as(await admin(), { method: 'DELETE', url: `${api}/categories/${category.id}` })).statusCode,
    ).toBe(409);
  });
});

describe('stock summary', () => {
  it('sums quantity and pre-tax valuation of the tenant, behind the tenant guard', async () => {
    const me = (await get<{ user: { IDClient: string } }>('/auth/me')).user.IDClient;
    const summary = await get<Record<string, number>>(`/dashboard/articles/summary/${me}`);
    const all = await get<{ items: Row[] }>('/articles?limit=100');
    expect(summary.totalQuantity).toBe(all.items.reduce((n, a) => n + (a.quantity as number), 0));
    const cents = all.items.reduce((n, a) => n + (a.quantity as number) * Math.round(Number(a.priceHt) * 100), 0);
    expect(summary.totalValorization).toBe(cents / 100);
    expect(summary.articleCount).toBe(all.items.length);
    const acme = await ctx.token('admin@acme.test');
    expect((await ctx.as(acme, { method: 'GET', url: `${api}/dashboard/articles/summary/${me}` })).statusCode).toBe(
      404,
    );
  });
});
