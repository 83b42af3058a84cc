import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLATFORM_ORDER_STATUSES,
  type TPlatformOrder,
  type TPlatformOrderAdmin,
  type TPlatformProduct,
} from '@tagstock/contract';
import { pdfText } from '../../platform/pdf/pdf-text';
import { describeDocumentType } from '../../test/document-kit';
import { apiCalls, platformRows, setupTestApp, statementCounter } from '../../test/helper';
import { platformOrderType } from './platform-orders.service';

const statements = statementCounter();
const ctx = await setupTestApp({}, { logQuery: statements.logQuery });
const db = ctx.database.db;

let admin = '';
let acme = '';
let viewer = '';
let su = '';
const { call } = apiCalls(ctx, () => admin);

let tagsProduct: TPlatformProduct;
let readerProduct: TPlatformProduct;
let demoFamily = 0;
let acmeFamily = 0;
const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());

const order = async (lines: { productId: number; quantity: number }[], token = admin) => {
  const res = await call('POST', '/platform-orders', { notes: 'Livraison atelier', lines }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPlatformOrder;
};
const sendOrder = async (id: number) => {
  const res = await call('POST', `/platform/platform-orders/${id}/status`, { status: 'done' }, su);
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  [admin, acme, viewer, su] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
    ctx.token('super@tagstock.test'),
  ]);
  const created = await call(
    'POST',
    '/platform/platform-products',
    { reference: 'T-TAGS', designation: 'Tags UHF x100', kind: 'tags', unitPrice: '19.99', vatRate: '20' },
    su,
  );
  expect(created.statusCode, created.body).toBe(200);
  tagsProduct = created.json();
  readerProduct = (
    await call(
      'POST',
      '/platform/platform-products',
      { reference: 'T-READER', designation: 'Lecteur', kind: 'reader', unitPrice: '500', vatRate: '5.5' },
      su,
    )
  ).json();
  const fam = await call('POST', '/tag-families', { name: 'Livraison RB' });
  expect(fam.statusCode, fam.body).toBe(200);
  demoFamily = fam.json().id;
  acmeFamily = (await call('POST', '/tag-families', { name: 'Acme RB' }, acme)).json().id;
});

describe('the platform catalogue', () => {
  it('is written by the super admin only, read by tenants (active products)', async () => {
    const dup = await call(
      'POST',
      '/platform/platform-products',
      { reference: 'T-TAGS', designation: 'x', kind: 'tags', unitPrice: '1', vatRate: '20' },
      su,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('already_exists');
    const byTenant = await call('POST', '/platform/platform-products', {
      reference: 'T-X',
      designation: 'x',
      kind: 'tags',
      unitPrice: '1',
      vatRate: '20',
    });
    expect(byTenant.statusCode).toBe(403);
    const inactive = (
      await call(
        'POST',
        '/platform/platform-products',
        { reference: 'T-OLD', designation: 'Ancien', kind: 'consumable', unitPrice: '1', vatRate: '20', active: false },
        su,
      )
    ).json() as TPlatformProduct;
    const list = await call('GET', '/platform-products?active=true&limit=100', undefined, viewer);
    expect(list.statusCode).toBe(200);
    const refs = list.json().items.map((p: TPlatformProduct) => p.reference);
    expect(refs).toContain('T-TAGS');
    expect(refs).not.toContain('T-OLD');
    const refused = await call('POST', '/platform-orders', { lines: [{ productId: inactive.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('unknown_reference');
    // The app role cannot write the catalogue even by mistake: only platform work does.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'tagstock_app', true)`);
        await tx.execute(sql`update platform_products set active = false`);
      }),
    ).rejects.toThrow();
  });
});

describeDocumentType(platformOrderType, {
  ctx,
  path: '/platform-orders',
  platformPath: '/platform/platform-orders',
  statuses: PLATFORM_ORDER_STATUSES,
  bodyStatuses: PLATFORM_ORDER_STATUSES,
  tokens: () => ({ admin, otherTenant: acme, reader: viewer, superAdmin: su }),
  body: (lines = 1) => ({
    notes: 'Livraison atelier',
    lines: Array.from({ length: lines }, (_, i) => ({
      productId: i % 2 ? readerProduct.id : tagsProduct.id,
      quantity: 1,
    })),
  }),
  totals: {
    body: () => ({
      lines: [
        { productId: tagsProduct.id, quantity: 3 },
        { productId: readerProduct.id, quantity: 1 },
      ],
    }),
    expected: {
      net: '559.97',
      vat: '39.49',
      gross: '599.46',
      byRate: [
        { category: 'S', rate: '5.50', base: '500.00', vat: '27.50' },
        { category: 'S', rate: '20.00', base: '59.97', vat: '11.99' },
      ],
    },
  },
});

describe('orders to the platform', () => {
  it('creates a numbered order (RB series) with the products copied and decimal totals', async () => {
    const a = await order([
      { productId: tagsProduct.id, quantity: 3 },
      { productId: readerProduct.id, quantity: 1 },
    ]);
    expect(a.number).toMatch(new RegExp(`^RB-${year}-\\d{6}$`));
    expect(a.status).toBe('in_progress');
    expect(a.lines.map((l) => [l.reference, l.designation, l.kind, l.unitPrice, l.netAmount])).toEqual([
      ['T-TAGS', 'Tags UHF x100', 'tags', '19.99', '59.97'],
      ['T-READER', 'Lecteur', 'reader', '500.00', '500.00'],
    ]);
    expect(a.totals).toMatchObject({ net: '559.97', vat: '39.49', gross: '599.46' });
    const b = await order([{ productId: tagsProduct.id, quantity: 1 }]);
    expect(Number(b.number.slice(-6))).toBe(Number(a.number.slice(-6)) + 1);
    // Another tenant has its own series.
    const c = await order([{ productId: tagsProduct.id, quantity: 1 }], acme);
    expect(c.number).toBe(`RB-${year}-000001`);
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const body of [
      {},
      { lines: [] },
      { lines: [{ productId: 'x', quantity: 1 }] },
      { lines: [{ productId: 99999999999, quantity: 1 }] },
      { lines: [{ productId: tagsProduct.id, quantity: 0 }] },
      { lines: [{ productId: tagsProduct.id, quantity: 10_000_000 }] },
      { lines: [{ productId: tagsProduct.id, quantity: 1 }], notes: 'x'.repeat(3000) },
    ]) {
      const res = await call('POST', '/platform-orders', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/platform-orders/abc')).statusCode).toBe(400);
    expect((await call('GET', '/platform/platform-orders?tenantId=-1', undefined, su)).statusCode).toBe(400);
  });

  it('the super admin sends or cancels across tenants, where the machine allows; the tenant routes are not his', async () => {
    const o = await order([{ productId: tagsProduct.id, quantity: 1 }]);
    await call('POST', `/platform-orders/${o.id}/status`, { status: 'canceled', note: 'erreur' });
    const again = await call('POST', `/platform/platform-orders/${o.id}/status`, { status: 'done' }, su);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalid_transition']);
    const p = await order([{ productId: tagsProduct.id, quantity: 1 }]);
    await sendOrder(p.id);
    const back = await call('POST', `/platform/platform-orders/${p.id}/status`, { status: 'in_progress' }, su);
    expect([back.statusCode, back.json().code]).toEqual([409, 'invalid_transition']);
    expect((await call('GET', '/platform-orders', undefined, su)).statusCode).toBe(404);
    expect((await call('GET', '/platform/platform-orders')).statusCode).toBe(403);
    // The tenant's answer is the tenant's own order, without the platform's view of it.
    expect(Object.keys((await call('GET', `/platform-orders/${p.id}`)).json())).not.toContain('tenantName');
  });

  it('prints an order as a PDF for its tenant and the super admin, never for another tenant', async () => {
    const o = await order([{ productId: tagsProduct.id, quantity: 3 }]);
    const res = await call('GET', `/platform-orders/${o.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${o.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(o.number);
    expect(text).toContain('Commande plateforme');
    expect(text).toContain('Tags UHF x100');
    expect(text).toContain('Tagstock');
    const english = await call('GET', `/platform/platform-orders/${o.id}/pdf?lang=en`, undefined, su);
    expect(english.statusCode).toBe(200);
    expect(await pdfText(english.rawPayload)).toContain('Platform order');
    expect((await call('GET', `/platform-orders/${o.id}/pdf`, undefined, acme)).statusCode).toBe(404);
    expect((await call('GET', `/platform-orders/${o.id}/pdf`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', `/platform/platform-orders/${o.id}/pdf`)).statusCode).toBe(403);
    expect((await call('GET', '/platform/platform-orders/99999999/pdf', undefined, su)).statusCode).toBe(404);
  });

  it('the super admin lists every tenant’s orders with the tenant, filtered by tenant and status', async () => {
    const [acmeTenant] = await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Acme'`);
    const all = await call('GET', '/platform/platform-orders?limit=100', undefined, su);
    expect(all.statusCode, all.body).toBe(200);
    const names = new Set(all.json().items.map((o: TPlatformOrderAdmin) => o.tenantName));
    expect(names).toEqual(new Set(['Demo', 'Acme']));
    const acmeOnly = await call('GET', `/platform/platform-orders?tenantId=${acmeTenant!.id}&limit=100`, undefined, su);
    expect(acmeOnly.json().items.every((o: TPlatformOrderAdmin) => o.tenantName === 'Acme')).toBe(true);
    const search = await call('GET', '/platform/platform-orders?search=acme&status=in_progress', undefined, su);
    expect(search.json().total).toBeGreaterThan(0);
    const one = await call('GET', `/platform/platform-orders/${all.json().items[0].id}`, undefined, su);
    expect(one.statusCode).toBe(200);
    expect(one.json().tenantName).toBeTruthy();
    expect((await call('GET', '/platform/platform-orders/99999', undefined, su)).statusCode).toBe(404);
  });
});

describe('registering delivered tags', () => {
  const epcs = async (tenantToken: string, familyId: number) =>
    (await call('GET', `/tags?familyId=${familyId}&limit=100&sort=epc:asc`, undefined, tenantToken)).json().items as {
      epc: string;
      articleId: number | null;
      familyId: number | null;
    }[];

  it('puts a range of EPCs in the tenant’s tag list, in the family, unbound, in a constant number of statements', async () => {
    const o = await order([{ productId: tagsProduct.id, quantity: 1 }]);
    const early = await call(
      'POST',
      `/platform/platform-orders/${o.id}/epcs`,
      { familyId: demoFamily, range: { first: 'E2000000000000000000A0F0', count: 3 } },
      su,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('order_not_sent');
    await sendOrder(o.id);
    // Nothing else queries meanwhile: the reader sweep is stopped and the caller's session is in the cache (it is
    // read again once its 10 s have passed, which a slow run between the two counts would otherwise pay).
    ctx.app.readerStatus.stop();
    const warm = () => call('GET', `/platform/platform-orders/${o.id}`, undefined, su);
    await warm();
    const { result: res, statements: few } = await statements.count(() =>
      call(
        'POST',
        `/platform/platform-orders/${o.id}/epcs`,
        { familyId: demoFamily, range: { first: 'e2000000000000000000a0fe', count: 5 } },
        su,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TPlatformOrderAdmin;
    expect(after.registeredTags).toBe(5);
    expect(after.deliveries).toMatchObject([
      {
        count: 5,
        familyName: 'Livraison RB',
        firstEpc: 'E2000000000000000000A0FE',
        lastEpc: 'E2000000000000000000A102',
      },
    ]);
    // The order's history shows its creation, its sending and this delivery, to the super admin and the tenant.
    expect(after.history.map((e) => e.action)).toEqual(['created', 'status', 'received']);
    expect(after.history[1]!.changes).toEqual([{ field: 'status', from: 'in_progress', to: 'done' }]);
    expect(after.history[2]!.changes).toEqual([{ field: 'registeredTags', from: null, to: 5 }]);
    const seen = (await call('GET', `/platform-orders/${o.id}`, undefined, admin)).json() as TPlatformOrderAdmin;
    expect(seen.history.map((e) => e.action)).toEqual(['created', 'status', 'received']);
    // The tenant's history says the platform's team did the rest, never who: it sees no platform user.
    expect(seen.history.map((e) => [e.byPlatform, e.userName])).toEqual([
      [false, 'Camille Martin'],
      [true, null],
      [true, null],
    ]);
    expect(after.history.map((e) => e.byPlatform)).toEqual([false, true, true]);
    expect(after.history[2]!.summary).toBe(o.number);
    const tags = await epcs(admin, demoFamily);
    expect(tags.map((t) => t.epc)).toEqual([
      'E2000000000000000000A0FE',
      'E2000000000000000000A0FF',
      'E2000000000000000000A100',
      'E2000000000000000000A101',
      'E2000000000000000000A102',
    ]);
    expect(tags.every((t) => t.articleId === null && t.familyId === demoFamily)).toBe(true);
    // The tenant sees its order's delivery too; another tenant does not see the tags.
    expect((await call('GET', `/platform-orders/${o.id}`)).json().registeredTags).toBe(5);
    expect(await epcs(acme, demoFamily)).toEqual([]);

    // A bigger delivery (a pasted list) takes the same number of statements.
    const list = Array.from({ length: 2000 }, (_, i) => `3034${String(i).padStart(20, '0')}`);
    await warm();
    const { result: big, statements: many } = await statements.count(() =>
      call('POST', `/platform/platform-orders/${o.id}/epcs`, { familyId: demoFamily, epcs: list }, su),
    );
    expect(big.statusCode, big.body).toBe(200);
    expect(many).toBe(few);
    expect(big.json().registeredTags).toBe(2005);
  });

  it('refuses EPCs the tenant already has (409 naming them), writing nothing', async () => {
    const o = await order([{ productId: tagsProduct.id, quantity: 1 }]);
    await sendOrder(o.id);
    const [before] = await platformRows<{ n: number }>(db, sql`select count(*)::int as n from tags`);
    const res = await call(
      'POST',
      `/platform/platform-orders/${o.id}/epcs`,
      { familyId: demoFamily, range: { first: 'E2000000000000000000A100', count: 10 } },
      su,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('epc_already_registered');
    expect(res.json().params.count).toBe(3);
    expect(res.json().params.epcs).toContain('E2000000000000000000A100');
    const [after] = await platformRows<{ n: number }>(db, sql`select count(*)::int as n from tags`);
    expect(after!.n).toBe(before!.n);
    expect((await call('GET', `/platform-orders/${o.id}`)).json().registeredTags).toBe(0);
    // The same EPCs may go to another tenant (EPCs are unique per tenant).
  });

  it('refuses a family of another tenant, bad ranges and oversized deliveries', async () => {
    const o = await order([{ productId: tagsProduct.id, quantity: 1 }]);
    await sendOrder(o.id);
    const url = `/platform/platform-orders/${o.id}/epcs`;
    const other = await call('POST', url, { familyId: acmeFamily, range: { first: 'AAAA0001', count: 1 } }, su);
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('unknown_reference');
    for (const body of [
      { familyId: demoFamily },
      { familyId: demoFamily, range: { first: 'AAAA', count: 1 }, epcs: ['BBBB'] },
      { familyId: demoFamily, range: { first: 'XYZ', count: 1 } },
      { familyId: demoFamily, range: { first: 'AAAA0001', count: 10_001 } },
      { familyId: demoFamily, range: { first: 'FFFF', count: 2 } },
      { familyId: demoFamily, epcs: [] },
      { familyId: demoFamily, epcs: Array.from({ length: 10_001 }, () => 'ABCD') },
    ]) {
      const res = await call('POST', url, body, su);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
    }
    expect((await call('POST', url, { familyId: demoFamily, epcs: ['ABCD'] })).statusCode).toBe(403);
    const [demo] = await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`);
    const families = await call('GET', `/platform/tenants/${demo!.id}/tag-families`, undefined, su);
    expect(families.statusCode).toBe(200);
    expect(families.json().map((f: { name: string }) => f.name)).toContain('Livraison RB');
    expect(families.json().map((f: { name: string }) => f.name)).not.toContain('Acme RB');
    expect((await call('GET', '/platform/tenants/99999/tag-families', undefined, su)).statusCode).toBe(404);
  });
});

describe('migration 0019', () => {
  it('gives platformOrders.read and .write to administrators, .read to readers, nothing to narrower roles', async () => {
    const migration = readFileSync(new URL('../../db/migrations/0019_platform_orders.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((s) => s.includes('INSERT INTO role_permissions'))!;
    const [narrow] = await platformRows<{ id: number }>(
      db,
      sql`insert into roles (tenant_id, name) select id, 'Étroit' from tenants where name = 'Demo' returning id`,
    );
    await platformRows(
      db,
      sql`insert into role_permissions (tenant_id, role_id, permission)
          select tenant_id, ${narrow!.id}, 'articles.read' from roles where id = ${narrow!.id}`,
    );
    await platformRows(db, sql`delete from role_permissions where permission like 'platformOrders.%'`);
    await platformRows(db, sql.raw(backfill));
    const rows = await platformRows<{ name: string; permissions: string[] }>(
      db,
      sql`select r.name, coalesce(array_agg(rp.permission order by rp.permission)
            filter (where rp.permission like 'platformOrders.%'), '{}') as permissions
          from roles r left join role_permissions rp on rp.role_id = r.id
          join tenants t on t.id = r.tenant_id where t.name = 'Demo' group by r.name order by r.name`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.permissions]))).toEqual({
      Administrateur: ['platformOrders.read', 'platformOrders.write'],
      Lecteur: ['platformOrders.read'],
      'Préparateur mobile': ['platformOrders.read'],
      Étroit: [],
    });
  });
});
