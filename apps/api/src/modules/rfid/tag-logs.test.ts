import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { platformRows, setupTestApp, userWithPermissions } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Movement = { id: number; epc: string; eventType: string; isAuthorized: boolean | null };
type Page = { items: Movement[]; total: number };

async function ok<T = Record<string, unknown>>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx.as(token, { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** A walk-out through an exit gate (inner antenna, then outer) as the Impinj webhook sends it. */
async function walkOut(secret: string, epc: string) {
  const at = Date.now();
  const read = (antennaPort: number, ms: number) => ({
    timestamp: new Date(at + ms).toISOString(),
    hostname: 'impinj-test',
    eventType: 'tagInventory',
    tagInventoryEvent: { epcHex: epc, antennaPort, peakRssiCdbm: -5000 },
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${api}/ingest/impinj`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    payload: JSON.stringify([read(1, 0), read(2, 1000)]),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function gateWithTags(token: string, name: string, epcs: string[]) {
  const reader = await ok<{ id: number; secret: string }>(token, 'POST', '/readers', {
    name,
    vendor: 'impinj',
    location: `${name} — sortie`,
    role: 'exit_gate',
    antennas: [
      { port: 1, side: 'inner' },
      { port: 2, side: 'outer' },
    ],
  });
  const article = await ok<{ id: number }>(token, 'POST', '/articles', {
    reference: `LOG-${name}`.toUpperCase().replace(/\W/g, '-'),
    designation: `Veste ${name}`,
    priceHt: '40',
    vatRate: '20',
    stockAlert: 0,
    initialQuantity: 5,
  });
  await ok(token, 'POST', '/tags/bind', { articleId: article.id, epcs });
  const [{ t: tenantId }] = (await platformRows<{ t: number }>(
    ctx.database.db,
    sql`select tenant_id as t from readers where id = ${reader.id}`,
  )) as [{ t: number }];
  return { reader, tenantId };
}

describe('tag logs filtered on one movement', () => {
  it('returns that movement only, never another tenant’s, and refuses a malformed id', async () => {
    const admin = await ctx.token('admin@demo.test');
    const acme = await ctx.token('admin@acme.test');
    const [first, second, acmeEpc] = [
      'CCCC00000000000000000001',
      'CCCC00000000000000000002',
      'CCCC00000000000000000003',
    ];
    const demo = await gateWithTags(admin, 'Quai logs', [first, second]);
    const other = await gateWithTags(acme, 'Acme logs', [acmeEpc]);
    await walkOut(demo.reader.secret, first);
    await walkOut(demo.reader.secret, second);
    await walkOut(other.reader.secret, acmeEpc);

    const logs = (token: string, tenantId: number, query: string) =>
      ctx.as(token, { method: 'GET', url: `${api}/redear/TagMouvement/${tenantId}?${query}` });
    const all = await ok<Page>(admin, 'GET', `/redear/TagMouvement/${demo.tenantId}?readerId=${demo.reader.id}`);
    expect(all.items.map((m) => [m.epc, m.eventType])).toEqual([
      [second, 'OUT'],
      [first, 'OUT'],
    ]);
    const target = all.items[1]!;

    const one = (await logs(admin, demo.tenantId, `movementId=${target.id}`)).json() as Page;
    expect(one.total).toBe(1);
    expect(one.items).toEqual([
      expect.objectContaining({
        id: target.id,
        epc: first,
        isAuthorized: false,
        authorizationReason: expect.objectContaining({ code: 'not_covered' }),
      }),
    ]);

    // Another tenant's movement id finds nothing in one's own logs; another tenant's logs are a 404.
    const [acmeMove] = (await ok<Page>(acme, 'GET', `/redear/TagMouvement/${other.tenantId}?search=${acmeEpc}`)).items;
    expect(acmeMove).toBeDefined();
    expect(((await logs(admin, demo.tenantId, `movementId=${acmeMove!.id}`)).json() as Page).total).toBe(0);
    expect(((await logs(acme, other.tenantId, `movementId=${target.id}`)).json() as Page).total).toBe(0);
    expect((await logs(acme, demo.tenantId, `movementId=${target.id}`)).statusCode).toBe(404);

    for (const bad of ['abc', '0', '-4', '1.5', '99999999999999999999']) {
      const res = await logs(admin, demo.tenantId, `movementId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('tags per family (the category tags widget)', () => {
  type Row = { familyId: number | null; familyName: string | null; inStock: number; out: number; unbound: number };
  it('counts each family’s tags in stock, out and unbound, for its own tenant only', async () => {
    const admin = await ctx.token('admin@demo.test');
    const family = await ok<{ id: number }>(admin, 'POST', '/tag-families', { name: 'Famille du tableau' });
    const empty = await ok<{ id: number }>(admin, 'POST', '/tag-families', { name: 'Famille sans tags' });
    const epcs = ['DDDD00000000000000000001', 'DDDD00000000000000000002', 'DDDD00000000000000000003'];
    const gate = await gateWithTags(admin, 'Quai familles', ['DDDD00000000000000000005']);
    const article = await ok<{ id: number }>(admin, 'POST', '/articles', {
      reference: 'FAM-TAB',
      designation: 'Veste famille',
      priceHt: '40',
      vatRate: '20',
      stockAlert: 0,
      initialQuantity: 5,
    });
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, familyId: family.id, epcs });
    await ok(admin, 'POST', '/tags', { epc: 'DDDD00000000000000000004', familyId: family.id });
    await walkOut(gate.reader.secret, epcs[0]!);

    const rows = await ok<Row[]>(admin, 'GET', `/dashboard/tags/by-family/${gate.tenantId}`);
    expect(rows.find((r) => r.familyId === family.id)).toEqual({
      familyId: family.id,
      familyName: 'Famille du tableau',
      inStock: 2,
      out: 1,
      unbound: 1,
      total: 4,
    });
    expect(rows.find((r) => r.familyId === empty.id)).toMatchObject({ inStock: 0, out: 0, unbound: 0, total: 0 });
    // Tags of no family (the gate's article's) make the last row.
    expect(rows.at(-1)).toMatchObject({ familyId: null, familyName: null });
    expect(rows.at(-1)!.inStock).toBeGreaterThanOrEqual(1);

    // Another tenant's families are not listed: the other tenant sees its own.
    const acme = await ctx.token('admin@acme.test');
    const acmeTenant = (
      await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Acme'`)
    )[0]!.id;
    const acmeRows = await ok<Row[]>(acme, 'GET', `/dashboard/tags/by-family/${acmeTenant}`);
    expect(acmeRows.map((r) => r.familyId)).not.toContain(family.id);

    const get = (token: string, id: string | number) =>
      ctx.as(token, { method: 'GET', url: `${api}/dashboard/tags/by-family/${id}` });
    expect((await get(acme, gate.tenantId)).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '99999999999']) expect((await get(admin, bad)).statusCode, bad).toBe(400);
    const noDashboard = await userWithPermissions(ctx, admin, 'sans-tableau@demo.test', ['tags.read']);
    expect((await get(noDashboard, gate.tenantId)).statusCode).toBe(403);
    const reader = await userWithPermissions(ctx, admin, 'tableau-seul@demo.test', ['dashboard.read']);
    expect((await get(reader, gate.tenantId)).statusCode).toBe(200);
  });
});
