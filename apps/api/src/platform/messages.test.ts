import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper';

// What the web needs to say a refusal in the user's language: a stable code and its parameters.
const ctx = await setupTestApp();
const api = '/backend/api';
const admin = () => ctx.token('admin@demo.test');
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.as(await admin(), { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
type Row = { id: number; [k: string]: unknown };
const first = async (url: string) => ((await call('GET', url)).json() as { items: Row[] }).items[0]!;

describe('problem parameters', () => {
  it('names the article and its stock when a decrement would go below zero', async () => {
    const article = (
      await call('POST', '/articles', {
        reference: 'T-MSG-1',
        designation: 'Gants nitrile',
        priceHt: '2.50',
        vatRate: '20',
        stockAlert: 0,
        initialQuantity: 2,
      })
    ).json() as Row;
    const reason = await first('/reasons?search=Casse');
    const res = await call('POST', `/articles/${article.id}/decrement`, { quantity: 5, reasonId: reason.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'insufficient_stock',
      params: { article: 'Gants nitrile', stock: 2, quantity: 5 },
    });
  });

  it('says what still uses a record and how many, when its deletion is refused', async () => {
    const category = (await call('POST', '/categories', { name: 'Catégorie utilisée' })).json() as Row;
    for (const reference of ['T-MSG-2', 'T-MSG-3'])
      await call('POST', '/articles', {
        reference,
        designation: reference,
        priceHt: '1',
        vatRate: '20',
        stockAlert: 0,
        categoryId: category.id,
      });
    const res = await call('DELETE', `/categories/${category.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'in_use', params: { usedBy: 'articles', count: 2 } });

    const role = (await call('POST', '/roles', { name: 'Rôle utilisé' })).json() as Row;
    await call('POST', '/users', {
      name: 'Paul Martin',
      email: 'paul.martin@demo.test',
      roleId: role.id,
      App_Type: 'Web',
      password: 'password-123',
      confirmation: 'password-123',
    });
    const refused = await call('DELETE', `/roles/${role.id}`);
    expect(refused.json()).toMatchObject({ code: 'in_use', params: { usedBy: 'users', count: 1 } });
  });

  it('gives each field error a code and the bounds its text shows', async () => {
    const res = await call('POST', '/articles', {
      reference: 'x'.repeat(500),
      designation: '',
      priceHt: '12,5,0',
      vatRate: '20',
      stockAlert: -1,
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (res.json().errors as { field: string; code: string; params?: object }[]).map((e) => [e.field, e]),
    );
    expect(byField.reference).toMatchObject({ code: 'too_long', params: { maximum: expect.any(Number) } });
    expect(byField.designation).toMatchObject({ code: 'required' });
    expect(byField.priceHt).toMatchObject({ code: 'invalid_amount', params: { digits: expect.any(Number) } });
    expect(byField.stockAlert).toMatchObject({ code: 'too_small', params: { minimum: 0, inclusive: true } });
  });
});

describe('activity log of customers, suppliers, users and roles', () => {
  const entries = async (entity: string) =>
    ((await call('GET', `/logs?entity=${encodeURIComponent(entity)}&limit=100`)).json() as { items: Row[] }).items;

  it('logs creation, change and deletion of customers and suppliers', async () => {
    for (const [path, entity] of [
      ['/customers', 'customer'],
      ['/suppliers', 'supplier'],
    ] as const) {
      const created = (await call('POST', path, { name: `Journal ${entity}` })).json() as Row;
      expect((await call('PUT', `${path}/${created.id}`, { name: `Journal ${entity}`, city: 'Lyon' })).statusCode).toBe(
        200,
      );
      expect((await call('DELETE', `${path}/${created.id}`)).statusCode).toBe(200);
      const mine = (await entries(entity)).filter((e) => e.entityId === created.id);
      expect(mine.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
      expect(mine[1]!.changes).toEqual([{ field: 'city', from: null, to: 'Lyon' }]);
    }
  });

  it('logs users and roles, and the permissions given to or taken from a role', async () => {
    const role = (await call('POST', '/roles', { name: 'Magasinier' })).json() as Row;
    await call('POST', `/roles/${role.id}/permissions`, { permissions: ['articles.read', 'articles.write'] });
    await call('POST', `/roles/${role.id}/permissions/remove`, { permissions: ['articles.write'] });
    const user = (
      await call('POST', '/users', {
        name: 'Inès Roux',
        email: 'ines.roux@demo.test',
        roleId: role.id,
        App_Type: 'Web',
        password: 'password-123',
        confirmation: 'password-123',
      })
    ).json() as Row;
    await call('PUT', `/users/${user.id}`, {
      name: 'Inès Roux',
      email: 'ines.roux@demo.test',
      roleId: role.id,
      App_Type: 'All',
      disabled: false,
    });
    expect((await call('DELETE', `/users/${user.id}`)).statusCode).toBe(200);

    const roleLog = (await entries('role')).filter((e) => e.entityId === role.id);
    expect(roleLog.map((e) => [e.action, e.changes])).toEqual([
      ['updated', [{ field: 'permissions', from: ['articles.read', 'articles.write'], to: ['articles.read'] }]],
      ['updated', [{ field: 'permissions', from: [], to: ['articles.read', 'articles.write'] }]],
      ['created', []],
    ]);
    const userLog = (await entries('user')).filter((e) => e.entityId === user.id);
    expect(userLog.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
    expect(userLog[1]!.changes).toEqual([{ field: 'App_Type', from: 'Web', to: 'All' }]);
    expect(userLog[0]!.changes).toEqual([{ field: 'disabled', from: false, to: true }]);
  });
});
