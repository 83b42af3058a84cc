import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTenant } from '../db/client';
import { platformRows, setupTestApp } from '../test/helper';
import { paginate as paginateIn, type ListSpec } from './pagination';

const ctx = await setupTestApp();
const api = '/backend/api';

// Demo's rows that RFID resources refer to; Acme naming them must meet 400 unknown_reference.
const [demoRefs] = await platformRows<{ articleId: number; categoryId: number; consumerId: number }>(
  ctx.database.db,
  sql`select (select min(a.id) from articles a join tenants t on t.id = a.tenant_id where t.name = 'Demo') as "articleId",
        (select min(c.id) from categories c join tenants t on t.id = c.tenant_id where t.name = 'Demo') as "categoryId",
        (select min(c.id) from consumers c join tenants t on t.id = c.tenant_id where t.name = 'Demo') as "consumerId"`,
);
const refs = demoRefs!;

type Case = {
  path: string;
  valid: Record<string, unknown>;
  edit: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidFields: string[];
  searchField: string;
  sort: string;
  /** A field of `valid` naming another Demo row: refused to Acme. */
  reference?: string;
};

// Every CRUD resource answers the same contract; one table of cases proves it for all.
const cases: Case[] = [
  {
    path: '/suppliers',
    valid: { name: 'Zeta Fournitures', city: 'Nantes', email: 'zeta@example.fr' },
    edit: { name: 'Zeta Fournitures SA', city: 'Angers' },
    invalid: { name: '', email: 'not-an-email' },
    invalidFields: ['email', 'name'],
    searchField: 'name',
    sort: 'city:desc',
  },
  {
    path: '/categories',
    valid: { name: 'Zeta catégorie' },
    edit: { name: 'Zeta catégorie renommée', description: 'Nouvelle description' },
    invalid: { name: '   ' },
    invalidFields: ['name'],
    searchField: 'name',
    sort: 'name:desc',
  },
  {
    path: '/reasons',
    valid: { label: 'Zeta motif', kind: 'both' },
    edit: { label: 'Zeta motif modifié', kind: 'decrement' },
    invalid: { label: 'x', kind: 'sideways' },
    invalidFields: ['kind'],
    searchField: 'label',
    sort: 'kind:asc',
  },
  {
    path: '/payment-modes',
    valid: { label: 'Zeta mode', code: '30' },
    edit: { label: 'Zeta mode bis', code: '58', active: false },
    invalid: { label: '', active: 'yes' },
    invalidFields: ['active', 'label'],
    searchField: 'label',
    sort: 'code:desc',
  },
  {
    path: '/customers',
    valid: { name: 'Zeta Client', customerCategory: 'PME', country: 'France' },
    edit: { name: 'Zeta Client SARL', vatNumber: 'FR00123456789' },
    invalid: { name: '', groupId: -3 },
    invalidFields: ['groupId', 'name'],
    searchField: 'name',
    sort: 'groupName:asc',
  },
  {
    path: '/customer-groups',
    valid: { name: 'Zeta groupe' },
    edit: { name: 'Zeta groupe bis' },
    invalid: {},
    invalidFields: ['name'],
    searchField: 'name',
    sort: 'name:asc',
  },
  {
    path: '/roles',
    valid: { name: 'Zeta rôle' },
    edit: { name: 'Zeta rôle renommé' },
    invalid: { name: '' },
    invalidFields: ['name'],
    searchField: 'name',
    sort: 'name:desc',
  },
  {
    path: '/articles',
    valid: { reference: 'ZETA-001', designation: 'Article zeta', priceHt: '10.00', vatRate: '20', stockAlert: 2 },
    edit: {
      reference: 'ZETA-001',
      designation: 'Article zeta modifié',
      priceHt: '11.00',
      vatRate: '5.5',
      stockAlert: 3,
    },
    invalid: { reference: '', designation: 'x', priceHt: '-4', vatRate: '20', stockAlert: 1 },
    invalidFields: ['priceHt', 'reference'],
    searchField: 'designation',
    sort: 'priceTtc:desc',
  },
  {
    path: '/tag-families',
    valid: { name: 'Zeta famille' },
    edit: { name: 'Zeta famille bis', alarmOnExit: false },
    invalid: { name: '', countsInStock: 'yes' },
    invalidFields: ['countsInStock', 'name'],
    searchField: 'name',
    sort: 'name:desc',
  },
  {
    path: '/tags',
    valid: { epc: 'ABCDEF000000000000000001', articleId: refs.articleId },
    edit: { status: 'inactive' },
    invalid: { epc: 'not-hex', status: 'lost' },
    invalidFields: ['epc', 'status'],
    searchField: 'epc',
    sort: 'epc:desc',
    reference: 'articleId',
  },
  {
    path: '/readers',
    valid: { name: 'Zeta lecteur', vendor: 'impinj', location: 'Quai zeta', role: 'storage' },
    edit: { location: 'Quai zeta 2', heartbeatTimeoutSeconds: 300 },
    invalid: { name: '', vendor: 'acme', location: 'Quai', role: 'storage' },
    invalidFields: ['name', 'vendor'],
    searchField: 'name',
    sort: 'location:desc',
  },
  {
    path: '/terminals',
    valid: { model: 'Zeta TC52', imei: '356938035643809' },
    edit: { model: 'Zeta TC57', manufacturer: 'Zebra' },
    invalid: { model: '', imei: '12' },
    invalidFields: ['imei', 'model'],
    searchField: 'model',
    sort: 'imei:desc',
  },
  {
    path: '/consumers',
    valid: { name: 'Zeta consommateur', kind: 'person' },
    edit: { name: 'Zeta consommateur bis', phone: '01 02 03 04 05' },
    invalid: { name: '', kind: 'robot' },
    invalidFields: ['kind', 'name'],
    searchField: 'name',
    sort: 'kind:asc',
  },
  {
    path: '/attributions',
    valid: { consumerId: refs.consumerId, articleId: refs.articleId, startDate: '2026-01-05', note: 'Zeta dotation' },
    edit: { note: 'Zeta dotation prolongée', endDate: '2026-12-31' },
    invalid: { consumerId: 'x', startDate: '05/01/2026' },
    invalidFields: ['consumerId', 'startDate'],
    searchField: 'note',
    sort: 'startDate:asc',
    reference: 'consumerId',
  },
  {
    path: '/category-attributions',
    valid: { categoryId: refs.categoryId, location: 'Zeta atelier', startDate: '2026-01-05' },
    edit: { location: 'Zeta atelier nord', endDate: '2026-06-30' },
    invalid: { categoryId: -1, startDate: 'demain' },
    invalidFields: ['categoryId', 'startDate'],
    searchField: 'location',
    sort: 'categoryName:asc',
    reference: 'categoryId',
  },
];

describe.each(cases)('$path', (c) => {
  const url = `${api}${c.path}`;

  it('creates, reads, lists with search, sorts, updates and deletes', async () => {
    const admin = await ctx.token('admin@demo.test');
    const created = await ctx.as(admin, { method: 'POST', url, payload: c.valid });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(id).toBeTypeOf('number');

    const one = await ctx.as(admin, { method: 'GET', url: `${url}/${id}` });
    expect(one.json()).toMatchObject(c.valid.groupId === undefined ? { id } : { id });

    const term = String(c.valid[c.searchField]).slice(0, 6);
    const found = await ctx.as(admin, { method: 'GET', url: `${url}?search=${encodeURIComponent(term)}` });
    expect(found.json().items.map((i: { id: number }) => i.id)).toContain(id);

    const sorted = await ctx.as(admin, { method: 'GET', url: `${url}?sort=${c.sort}&limit=2&page=1` });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json()).toMatchObject({ page: 1, limit: 2 });
    expect(sorted.json().items.length).toBeLessThanOrEqual(2);
    expect(sorted.json().total).toBeGreaterThanOrEqual(1);

    const updated = await ctx.as(admin, { method: 'PUT', url: `${url}/${id}`, payload: { ...c.valid, ...c.edit } });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const [k, v] of Object.entries(c.edit)) expect(updated.json()[k]).toEqual(v);

    expect((await ctx.as(admin, { method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'GET', url: `${url}/${id}` })).statusCode).toBe(404);
    expect((await ctx.as(admin, { method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(404);
  });

  it('answers bad input with 400 and the fields, and refuses unknown or server-owned fields', async () => {
    const admin = await ctx.token('admin@demo.test');
    const bad = await ctx.as(admin, { method: 'POST', url, payload: c.invalid });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    const fields = (bad.json().errors as { field: string }[]).map((e) => e.field);
    for (const f of c.invalidFields) expect(fields).toContain(f);
    for (const extra of [{ tenantId: 2 }, { id: 77 }, { createdAt: '2020-01-01' }]) {
      const res = await ctx.as(admin, { method: 'POST', url, payload: { ...c.valid, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await ctx.as(admin, { method: 'GET', url: `${url}?limit=101` })).statusCode).toBe(400);
    expect((await ctx.as(admin, { method: 'GET', url: `${url}?sort=nope:asc` })).statusCode).toBe(400);
    expect((await ctx.as(admin, { method: 'GET', url: `${url}/abc` })).statusCode).toBe(400);
  });

  it('lets a read-only user read but not write (403), and hides it from anonymous callers (401)', async () => {
    const viewer = await ctx.token('viewer@demo.test');
    expect((await ctx.as(viewer, { method: 'GET', url })).statusCode).toBe(200);
    const res = await ctx.as(viewer, { method: 'POST', url, payload: c.valid });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('never shows, changes or deletes another tenant’s record (404)', async () => {
    const demo = await ctx.token('admin@demo.test');
    const acme = await ctx.token('admin@acme.test');
    const created = await ctx.as(demo, {
      method: 'POST',
      url,
      payload: { ...c.valid, ...(c.path === '/articles' ? { reference: 'ZETA-X' } : {}) },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect((await ctx.as(acme, { method: 'GET', url: `${url}/${id}` })).statusCode).toBe(404);
    expect(
      (await ctx.as(acme, { method: 'PUT', url: `${url}/${id}`, payload: { ...c.valid, ...c.edit } })).statusCode,
    ).toBe(404);
    expect((await ctx.as(acme, { method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(404);
    const list = await ctx.as(acme, { method: 'GET', url: `${url}?limit=100` });
    expect(list.json().items.map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await ctx.as(demo, { method: 'GET', url: `${url}/${id}` })).statusCode).toBe(200);
    expect((await ctx.as(demo, { method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(200);
  });
});

describe.each(cases.filter((c) => c.reference))('$path references', (c) => {
  it('refuses a reference to another tenant’s row (400 unknown_reference)', async () => {
    const acme = await ctx.token('admin@acme.test');
    const res = await ctx.as(acme, { method: 'POST', url: `${api}${c.path}`, payload: c.valid });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown_reference', errors: [{ field: c.reference }] });
  });
});

describe('counting a very large list', () => {
  const spec = (countCap?: number): ListSpec => ({
    columns: sql`a.id`,
    from: sql`from articles a`,
    sort: { id: sql`a.id` },
    defaultSort: 'id:asc',
    tieBreaker: sql`a.id`,
    countCap,
  });
  it('stops counting at the cap and says so; below the cap the total is exact', async () => {
    const [demo] = await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Demo'`);
    const paginate = (s: ListSpec, q: { page: number; limit: number }) =>
      withTenant(ctx.database.db, demo!.id, (tx) => paginateIn(tx, s, q));
    const exact = await paginate(spec(), { page: 1, limit: 2 });
    expect(exact.total).toBeGreaterThan(3);
    expect(exact).not.toHaveProperty('totalCapped');
    const capped = await paginate(spec(3), { page: 1, limit: 2 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true, page: 1, limit: 2 });
    expect(capped.items).toHaveLength(2);
    const roomy = await paginate(spec(exact.total), { page: 1, limit: 2 });
    expect(roomy.total).toBe(exact.total);
    expect(roomy).not.toHaveProperty('totalCapped');
  });
});
