import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '@tagstock/contract';
import { platformRows, setupTestApp } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
  ctx.as(token ?? (await ctx.token('admin@demo.test')), {
    method,
    url: `${api}${url}`,
    ...(payload ? { payload } : {}),
  });

describe('saving a role’s permissions at once', () => {
  it('sets exactly the given permissions, write bringing read, in one call', async () => {
    const role = (await call('POST', '/roles', { name: 'Préparateur' })).json().id as number;
    await call('POST', `/roles/${role}/permissions`, { permissions: ['users.read', 'logs.read'] });
    const saved = await call('PUT', `/roles/${role}/permissions`, {
      permissions: ['articles.write', 'suppliers.read', 'logs.read'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().permissions).toEqual(['articles.read', 'articles.write', 'logs.read', 'suppliers.read']);
    expect((await call('GET', `/roles/${role}/permissions`)).json().permissions).toEqual(saved.json().permissions);
    // The save is in the activity log, old → new, like an add or a remove.
    const [logged] = await platformRows<{ changes: { field: string; from: string[]; to: string[] }[] }>(
      ctx.database.db,
      sql`select changes from activity_log where entity = 'role' and entity_id = ${role} order by id desc limit 1`,
    );
    expect(logged!.changes).toEqual([
      {
        field: 'permissions',
        from: ['logs.read', 'users.read'],
        to: ['articles.read', 'articles.write', 'logs.read', 'suppliers.read'],
      },
    ]);

    // A grant of a feature no longer in the catalogue is left alone; everything else can be cleared.
    await platformRows(
      ctx.database.db,
      sql`insert into role_permissions (tenant_id, role_id, permission)
          select tenant_id, id, 'retiredFeature.read' from roles where id = ${role} returning role_id`,
    );
    const cleared = await call('PUT', `/roles/${role}/permissions`, { permissions: [] });
    expect(cleared.json().permissions).toEqual([]);
    const stored = await platformRows<{ p: string }>(
      ctx.database.db,
      sql`select permission as p from role_permissions where role_id = ${role}`,
    );
    expect(stored.map((r) => r.p)).toEqual(['retiredFeature.read']);
  });

  it('keeps the rules of add and remove: bad input, tenants, read-only users, own role', async () => {
    const role = (await call('POST', '/roles', { name: 'Contrôleur' })).json().id as number;
    expect((await call('PUT', `/roles/${role}/permissions`, { permissions: ['root.everything'] })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `/roles/${role}/permissions`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/roles/${role}/permissions`, { permissions: [], extra: 1 })).statusCode).toBe(400);
    const acme = await ctx.token('admin@acme.test');
    expect((await call('PUT', `/roles/${role}/permissions`, { permissions: ['articles.read'] }, acme)).statusCode).toBe(
      404,
    );
    const viewer = await ctx.token('viewer@demo.test');
    expect(
      (await call('PUT', `/roles/${role}/permissions`, { permissions: ['articles.read'] }, viewer)).statusCode,
    ).toBe(403);
    // The admin's own role cannot be changed by its holder.
    const me = (await call('GET', '/roles?search=Administrateur')).json().items[0].id as number;
    const own = await call('PUT', `/roles/${me}/permissions`, { permissions: [] });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_role');
    expect((await call('GET', `/roles/${me}/permissions`)).json().permissions.length).toBeGreaterThan(0);
  });
});

describe('the registered document types', () => {
  it('give administrators their permissions and the activity log their entities', async () => {
    const me = (await call('GET', '/auth/me')).json() as { permissions: string[] };
    for (const kind of DOCUMENT_KINDS) {
      expect(me.permissions).toEqual(expect.arrayContaining([`${kind.resource}.read`, `${kind.resource}.write`]));
      for (const entity of [kind.entity, ...('logs' in kind ? kind.logs : [])])
        expect((await call('GET', `/logs?entity=${encodeURIComponent(entity)}`)).statusCode, entity).toBe(200);
    }
  });
});
