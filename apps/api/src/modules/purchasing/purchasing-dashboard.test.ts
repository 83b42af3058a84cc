import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformRows, setupTestApp } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
const db = ctx.database.db;
let admin = '';
let acme = '';
let viewer = '';
let superAdmin = '';
let demoId = 0;
/** The fixtures' helpers, for a test that adds orders of its own. */
let fixtures: {
  article(reference: string): Promise<number>;
  order(supplierId: number, orderDate: string, lines: [number, number][]): Promise<unknown>;
  north: number;
  south: number;
};
const get = (url: string, token = admin) => ctx.as(token, { method: 'GET', url: `${api}${url}` });
const post = (url: string, payload: object) => ctx.as(admin, { method: 'POST', url: `${api}${url}`, payload });

const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  [admin, acme, viewer, superAdmin] = (await Promise.all(
    ['admin@demo.test', 'admin@acme.test', 'viewer@demo.test', 'super@tagstock.test'].map((e) => ctx.token(e)),
  )) as [string, string, string, string];
  demoId = Number((await get('/auth/me')).json().user.IDClient);
  const [mode] = await platformRows<{ id: number }>(
    db,
    sql`insert into payment_modes (tenant_id, label) values (${demoId}, 'Virement tableau') returning id`,
  );
  const supplier = async (name: string) => (await post('/suppliers', { name })).json().id as number;
  const [north, south] = [await supplier('Dash Nord'), await supplier('Dash Sud')];
  const article = async (reference: string) =>
    (
      await post('/articles', {
        reference,
        designation: `Article ${reference}`,
        priceHt: '5',
        vatRate: '20',
        stockAlert: 0,
      })
    ).json().id as number;
  const [a, b] = [await article('DASH-A'), await article('DASH-B')];
  const order = async (supplierId: number, orderDate: string, lines: [number, number][]) => {
    const res = await post('/purchase-orders', {
      supplierId,
      paymentModeId: mode!.id,
      orderDate,
      lines: lines.map(([articleId, quantity]) => ({ articleId, quantity, unitPrice: '2.00', vatRate: '20' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; lines: { id: number }[] };
  };
  await order(north, today, [
    [a, 10],
    [b, 5],
  ]);
  const sent = await order(south, today, [[a, 4]]);
  await post(`/purchase-orders/${sent.id}/status`, { status: 'done' });
  await post(`/purchase-orders/${sent.id}/receipts`, {
    receiptDate: today,
    lines: [{ lineId: sent.lines[0]!.id, quantity: 3 }],
  });
  await order(south, monthsAgo(2), [[b, 7]]);
  const canceled = await order(north, today, [[b, 100]]);
  await post(`/purchase-orders/${canceled.id}/status`, { status: 'canceled' });
  fixtures = { article, order, north, south };
});

describe('purchase dashboard', () => {
  it('counts the orders in progress and lists the latest', async () => {
    const res = await get(`/dashboard/commandeEnCours/${demoId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().items.map((o: { supplierName: string }) => o.supplierName)).toEqual(['Dash Nord', 'Dash Sud']);
  });

  it('sums the purchases excl. tax per month over 12 months, canceled orders left out', async () => {
    const months = (await get(`/dashboard/achats/${demoId}`)).json() as { month: string; amount: string }[];
    expect(months).toHaveLength(12);
    expect(months[11]).toEqual({ month: today.slice(0, 7), amount: '38.00', orders: 2 });
    expect(months[9]).toEqual({ month: monthsAgo(2).slice(0, 7), amount: '14.00', orders: 1 });
    expect(months[10]!.amount).toBe('0.00');
  });

  it('ranks suppliers and totals quantities over a period', async () => {
    const top = (
      await get(`/dashboard/top-5-fournisseur-by-quantity/${demoId}?startDate=${monthsAgo(3)}&endDate=${today}`)
    ).json();
    expect(top.map((s: { supplierName: string; quantity: number }) => [s.supplierName, s.quantity])).toEqual([
      ['Dash Nord', 15],
      ['Dash Sud', 11],
    ]);
    const recent = (await get(`/dashboard/top-5-fournisseur-by-quantity/${demoId}`)).json();
    expect(recent.map((s: { quantity: number }) => s.quantity)).toEqual([15, 4]);
    const quantity = (
      await get(`/dashboard/count-articles-quantity/${demoId}?startDate=${monthsAgo(3)}&endDate=${today}`)
    ).json();
    expect(quantity).toEqual({ startDate: monthsAgo(3), endDate: today, ordered: 26, received: 3 });
  });

  it('names the references ordered most often, then with the most units; a canceled order no longer counts', async () => {
    const dash = async () =>
      ((await get(`/dashboard/mostRepeatedReferences/${demoId}`)).json() as { reference: string }[]).filter((r) =>
        r.reference.startsWith('DASH-'),
      );
    expect(await dash()).toEqual([
      { reference: 'DASH-A', designation: 'Article DASH-A', orders: 2, quantity: 14 },
      { reference: 'DASH-B', designation: 'Article DASH-B', orders: 2, quantity: 12 },
    ]);
    // Two orders of DASH-C, one of them on two lines: two orders, and more units than DASH-A.
    const { article, order, north, south } = fixtures;
    const c = await article('DASH-C');
    await order(north, today, [
      [c, 1],
      [c, 1],
    ]);
    await order(south, today, [[c, 30]]);
    expect(await dash()).toEqual([
      { reference: 'DASH-C', designation: 'Article DASH-C', orders: 2, quantity: 32 },
      { reference: 'DASH-A', designation: 'Article DASH-A', orders: 2, quantity: 14 },
      { reference: 'DASH-B', designation: 'Article DASH-B', orders: 2, quantity: 12 },
    ]);
  });

  it('answers only the caller’s tenant (404), the super admin any, and needs the permission', async () => {
    const paths = [
      'commandeEnCours',
      'achats',
      'top-5-fournisseur-by-quantity',
      'count-articles-quantity',
      'mostRepeatedReferences',
    ];
    for (const path of paths) {
      expect((await get(`/dashboard/${path}/${demoId}`, acme)).statusCode, path).toBe(404);
      expect((await get(`/dashboard/${path}/${demoId}`, superAdmin)).statusCode, path).toBe(200);
      expect((await get(`/dashboard/${path}/${demoId}`, viewer)).statusCode, path).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `${api}/dashboard/${path}/${demoId}` })).statusCode).toBe(401);
      expect((await get(`/dashboard/${path}/abc`)).statusCode, path).toBe(400);
    }
    const mobile = await ctx.token('mobile@demo.test');
    expect((await get(`/dashboard/achats/${demoId}`, mobile)).statusCode).toBe(403);
    for (const bad of ['startDate=2026-02-30', `startDate=${today}&endDate=2020-01-01`, 'endDate=%00']) {
      const res = await get(`/dashboard/count-articles-quantity/${demoId}?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
