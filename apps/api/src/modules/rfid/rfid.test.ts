import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Row = { id: number; [k: string]: unknown };

const admin = () => ctx.token('admin@demo.test');
const acme = () => ctx.token('admin@acme.test');
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) =>
  ctx.as(token ?? (await admin()), { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
async function ok<T = Row>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const newArticle = async (reference: string, token?: string) =>
  ok(
    'POST',
    '/articles',
    { reference, designation: `Article ${reference}`, priceHt: '10', vatRate: '20', stockAlert: 0 },
    token,
  );

// The generic CRUD contract is proven in platform/crud.test.ts; here: what is specific to the RFID records.
describe('RFID records', () => {
  it('creates tag families and tags, decoding GS1 SGTIN-96 and keeping other EPCs as hex', async () => {
    const family = await ok('POST', '/tag-families', { name: 'Outillage', alarmOnExit: true });
    expect(family).toMatchObject({ countsInStock: true, alarmOnExit: true, tagCount: 0 });
    const article = await newArticle('RF-T1');
    const sgtin = await ok('POST', '/tags', {
      epc: '3074257bf7194e4000001a85',
      familyId: family.id,
      articleId: article.id,
    });
    expect(sgtin).toMatchObject({
      epc: '3074257BF7194E4000001A85',
      gtin: '80614141123458',
      serial: '6789',
      status: 'active',
      familyName: 'Outillage',
      articleReference: 'RF-T1',
      inStock: true,
      lastSeenAt: null,
    });
    const other = await ok('POST', '/tags', { epc: 'E2801160600002084A2F1B7C', status: 'inactive' });
    expect(other).toMatchObject({ gtin: null, serial: null, status: 'inactive' });
    const dup = await call('POST', '/tags', { epc: 'e2801160600002084a2f1b7c' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('epc');
    const bad = await call('POST', '/tags', { epc: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    // The same EPC may exist in another tenant.
    await ok('POST', '/tags', { epc: 'E2801160600002084A2F1B7C' }, await acme());

    const list = await ok<{ items: Row[] }>('GET', `/tags?articleId=${article.id}`);
    expect(list.items.map((t) => t.epc)).toEqual(['3074257BF7194E4000001A85']);
    expect((await ok<{ items: Row[] }>('GET', '/tags?status=inactive&search=E28011')).items).toHaveLength(1);
    expect((await ok<Row>('GET', `/tag-families/${family.id}`)).tagCount).toBe(1);
  });

  it('binds a pasted list of EPCs to an article, reporting created, rebound, unchanged and invalid lines', async () => {
    const a = await newArticle('RF-B1');
    const b = await newArticle('RF-B2');
    const first = await ok('POST', '/tags/bind', {
      articleId: a.id,
      epcs: ['AAAA0000000000000000B001', 'aaaa0000000000000000b002', '', 'not-hex', 'AAAA0000000000000000B001'],
    });
    expect(first).toEqual({
      applied: true,
      created: 2,
      rebound: 0,
      unchanged: 0,
      invalid: [{ line: 4, epc: 'not-hex', message: expect.any(String), code: 'invalid_epc' }],
      conflicts: [],
    });
    // An EPC of another article is named, and nothing is written until the move is confirmed.
    const body = { articleId: b.id, epcs: ['AAAA0000000000000000B002', 'AAAA0000000000000000B003'] };
    const asked = await ok('POST', '/tags/bind', body);
    expect(asked).toEqual({
      applied: false,
      created: 0,
      rebound: 0,
      unchanged: 0,
      invalid: [],
      conflicts: [
        { articleId: a.id, reference: 'RF-B1', designation: 'Article RF-B1', epcs: ['AAAA0000000000000000B002'] },
      ],
    });
    expect((await ok<{ total: number }>('GET', `/tags?articleId=${b.id}`)).total).toBe(0);
    const second = await ok('POST', '/tags/bind', { ...body, move: true });
    expect(second).toMatchObject({ applied: true, created: 1, rebound: 1, unchanged: 0 });
    const again = await ok('POST', '/tags/bind', { articleId: b.id, epcs: ['AAAA0000000000000000B002'] });
    expect(again).toMatchObject({ created: 0, rebound: 0, unchanged: 1 });
    expect((await ok<{ total: number }>('GET', `/tags?articleId=${b.id}`)).total).toBe(2);
    // Another tenant's article is unknown here.
    const foreign = await newArticle('RF-B-ACME', await acme());
    const res = await call('POST', '/tags/bind', { articleId: foreign.id, epcs: ['AAAA0000000000000000B009'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('articleId');
  });

  it('shows a reader secret once, stores only its hash, and rotates it', async () => {
    const created = await ok('POST', '/readers', {
      name: 'Portique test',
      vendor: 'impinj',
      hostname: 'impinj-12-34-56',
      location: 'Sortie quai A',
      role: 'exit_gate',
      antennas: [
        { port: 1, side: 'inner' },
        { port: 2, side: 'outer' },
      ],
    });
    expect(created.secret).toMatch(new RegExp(`^${created.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(created).toMatchObject({
      online: false,
      lastHeardAt: null,
      heartbeatTimeoutSeconds: 120,
      presenceWindowSeconds: 30,
    });
    const read = await ok('GET', `/readers/${created.id}`);
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify(read)).not.toContain('secretHash');
    const listed = await ok<{ items: Row[] }>('GET', '/readers?search=Portique');
    expect(listed.items[0]).not.toHaveProperty('secret');
    const rotated = await ok('POST', `/readers/${created.id}/rotate-secret`);
    expect(rotated.secret).not.toBe(created.secret);
    expect((await call('POST', `/readers/${created.id}/rotate-secret`, undefined, await acme())).statusCode).toBe(404);
    const viewer = await ctx.token('viewer@demo.test');
    expect((await call('POST', `/readers/${created.id}/rotate-secret`, undefined, viewer)).statusCode).toBe(403);
    const dupPorts = await call('POST', '/readers', {
      name: 'x',
      vendor: 'zebra',
      location: 'x',
      role: 'storage',
      antennas: [
        { port: 1, side: 'inner' },
        { port: 1, side: 'outer' },
      ],
    });
    expect(dupPorts.statusCode).toBe(400);
    const updated = await ok('PUT', `/readers/${created.id}`, {
      name: 'Portique test',
      vendor: 'impinj',
      location: 'Sortie quai B',
      role: 'exit_gate',
      mac: '84-24-8d-ee-3e-c8',
    });
    expect(updated).toMatchObject({ location: 'Sortie quai B', mac: '84:24:8D:EE:3E:C8', hostname: null });
  });

  it('manages terminals, consumers and attributions with their rules', async () => {
    const users = await ok<{ items: Row[] }>('GET', '/users?search=mobile');
    const terminal = await ok('POST', '/terminals', {
      model: 'TC21',
      imei: '356938035643809',
      manufacturer: 'Zebra',
      userId: users.items[0]!.id,
    });
    expect(terminal).toMatchObject({ userName: expect.any(String), lastSyncAt: null });
    expect((await call('POST', '/terminals', { model: 'TC21', imei: '356938035643809' })).statusCode).toBe(409);
    expect((await call('POST', '/terminals', { model: 'TC21', imei: '12ab' })).statusCode).toBe(400);
    const acmeUser = (await ok<{ items: Row[] }>('GET', '/users', undefined, await acme())).items[0]!.id;
    expect(
      (await call('POST', '/terminals', { model: 'x', imei: '356938035643810', userId: acmeUser })).statusCode,
    ).toBe(400);

    const consumer = await ok('POST', '/consumers', { name: 'Atelier maintenance', kind: 'service' });
    const article = await newArticle('RF-AT1');
    const attribution = await ok('POST', '/attributions', {
      consumerId: consumer.id,
      articleId: article.id,
      startDate: '2020-01-01',
    });
    expect(attribution).toMatchObject({
      consumerName: 'Atelier maintenance',
      articleReference: 'RF-AT1',
      active: true,
      endDate: null,
    });
    const ended = await ok('POST', '/attributions', {
      location: 'Bureau 12',
      articleId: article.id,
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    expect(ended.active).toBe(false);
    expect((await ok<{ total: number }>('GET', `/attributions?consumerId=${consumer.id}&active=true`)).total).toBe(1);
    expect((await ok<Row>('GET', `/consumers/${consumer.id}`)).attributionCount).toBe(1);

    const rules = [
      [{ consumerId: consumer.id, startDate: '2020-01-01' }, 'articleId'],
      [{ articleId: article.id, startDate: '2020-01-01' }, 'consumerId'],
      [{ consumerId: consumer.id, articleId: article.id, startDate: '2021-01-01', endDate: '2020-01-01' }, 'endDate'],
    ] as const;
    for (const [payload, field] of rules) {
      const res = await call('POST', '/attributions', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const acmeConsumer = await ok('POST', '/consumers', { name: 'Acme conso' }, await acme());
    const foreign = await call('POST', '/attributions', {
      consumerId: acmeConsumer.id,
      articleId: article.id,
      startDate: '2020-01-01',
    });
    expect(foreign.statusCode).toBe(400);

    const category = (await ok<{ items: Row[] }>('GET', '/categories')).items[0]!;
    const ca = await ok('POST', '/category-attributions', {
      consumerId: consumer.id,
      categoryId: category.id,
      startDate: '2020-01-01',
    });
    expect(ca).toMatchObject({ categoryName: category.name, active: true });
    expect((await call('GET', `/category-attributions/${ca.id}`, undefined, await acme())).statusCode).toBe(404);
    expect((await call('DELETE', `/consumers/${consumer.id}`)).statusCode).toBe(409);
  });
});

describe('OpenAPI', () => {
  it('documents the RFID and ingestion routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/backend/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    for (const p of [
      '/backend/api/tags',
      '/backend/api/tags/bind',
      '/backend/api/readers/{id}/rotate-secret',
      '/backend/api/attributions',
      '/backend/api/ingest/impinj',
      '/backend/api/ingest/zebra',
      '/backend/api/terminals/sessions',
      '/backend/api/redear/TagMouvement/{id}',
      '/backend/api/dashboard/tags/overview/{id}',
      '/backend/api/dashboard/tags/non-active/{id}',
    ])
      expect(paths).toContain(p);
  });
});

describe('platform view of readers and terminals', () => {
  it('lists every tenant’s readers and terminals for the super admin only, with their tenant, searchable', async () => {
    const demoReader = await ok('POST', '/readers', {
      name: 'Portique plateforme',
      vendor: 'zebra',
      location: 'Quai plateforme',
      role: 'exit_gate',
      antennas: [{ port: 1, side: 'inner' }],
    });
    const acmeReader = await ok(
      'POST',
      '/readers',
      { name: 'Acme plateforme', vendor: 'impinj', location: 'Acme quai', role: 'storage', antennas: [] },
      await acme(),
    );
    await ok('POST', '/terminals', { model: 'TC22 plateforme', imei: '356938035643809' }, await acme());
    const root = await ctx.token('super@tagstock.test');

    const all = await ok<{ items: Row[]; total: number }>(
      'GET',
      '/platform/readers?search=plateforme&sort=tenantName:asc',
      undefined,
      root,
    );
    expect(all.items.map((r) => [r.id, r.tenantName])).toEqual([
      [acmeReader.id, 'Acme'],
      [demoReader.id, 'Demo'],
    ]);
    expect(all.items[0]).not.toHaveProperty('secret');
    expect(all.items[0]).not.toHaveProperty('secretHash');
    const acmeOnly = await ok<{ items: Row[] }>(
      'GET',
      `/platform/readers?tenantId=${all.items[0]!.tenantId}`,
      undefined,
      root,
    );
    expect(acmeOnly.items.every((r) => r.tenantName === 'Acme')).toBe(true);
    expect(acmeOnly.items.map((r) => r.id)).toContain(acmeReader.id);
    // The tenant's name is searchable too.
    const byTenant = await ok<{ items: Row[] }>('GET', '/platform/terminals?search=acme', undefined, root);
    expect(byTenant.items.map((r) => r.model)).toContain('TC22 plateforme');

    // Tenant administrators (whatever their permissions), anonymous callers and bad queries are refused.
    for (const path of ['/platform/readers', '/platform/terminals']) {
      expect((await call('GET', path)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `${api}${path}` })).statusCode).toBe(401);
      const bad = await call('GET', `${path}?tenantId=abc&sort=secretHash:asc`, undefined, root);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/problem\+json/);
    }
  });
});
