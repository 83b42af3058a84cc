import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestApp } from '../test/helper';
import { paginate, type ListSpec } from './pagination';

const ctx = await setupTestApp();
const api = '/backend/api';

type Case = {
  path: string;
  valid: Record<string, unknown>;
  edit: Record<string, unknown>;
  invalid: Record<string, unknown>;
  invalidFields: string[];
  searchField: string;
  sort: string;
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
    const db = ctx.database.db;
    const exact = await paginate(db, spec(), { page: 1, limit: 2 });
    expect(exact.total).toBeGreaterThan(3);
    expect(exact).not.toHaveProperty('totalCapped');
    const capped = await paginate(db, spec(3), { page: 1, limit: 2 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true, page: 1, limit: 2 });
    expect(capped.items).toHaveLength(2);
    const roomy = await paginate(db, spec(exact.total), { page: 1, limit: 2 });
    expect(roomy.total).toBe(exact.total);
    expect(roomy).not.toHaveProperty('totalCapped');
  });
});
