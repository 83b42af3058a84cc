import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tagstock/contract';
import { setupTestApp } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Row = { id: number; [k: string]: unknown };

const admin = () => ctx.token('admin@demo.test');
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string) =>
  ctx.as(token ?? (await admin()), { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
const roleId = async (name: string, token?: string) =>
  ((await call('GET', `/roles?search=${encodeURIComponent(name)}`, undefined, token)).json().items as Row[])[0]!.id;

describe('users', () => {
  it('creates a user who can sign in, edits and disables them (revoking their sessions)', async () => {
    const reader = await roleId('Lecteur');
    const bad = await call('POST', '/users', {
      name: 'Ines',
      email: 'ines@demo.test',
      roleId: reader,
      App_Type: 'Web',
      password: 'long-enough-1',
      confirmation: 'different-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('confirmation');
    const short = await call('POST', '/users', {
      name: 'Ines',
      email: 'ines@demo.test',
      roleId: reader,
      App_Type: 'Web',
      password: 'short',
      confirmation: 'short',
    });
    expect(short.json().errors[0].field).toBe('password');

    const res = await call('POST', '/users', {
      name: 'Inès Petit',
      email: 'ines@demo.test',
      roleId: reader,
      App_Type: 'Web',
      password: 'long-enough-1',
      confirmation: 'long-enough-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/password|argon/i);
    const id = res.json().id as number;
    const token = await ctx.token('ines@demo.test', 'long-enough-1');

    const dup = await call('POST', '/users', {
      name: 'Autre',
      email: 'ines@demo.test',
      roleId: reader,
      App_Type: 'Web',
      password: 'long-enough-1',
      confirmation: 'long-enough-1',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('email');

    const edited = await call('PUT', `/users/${id}`, {
      name: 'Inès Petit-Jean',
      email: 'ines@demo.test',
      roleId: reader,
      App_Type: 'All',
      disabled: false,
    });
    expect(edited.json()).toMatchObject({ name: 'Inès Petit-Jean', App_Type: 'All', disabled: false });

    expect((await call('DELETE', `/users/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/users/${id}`)).json().disabled).toBe(true);
    expect((await ctx.as(token, { method: 'GET', url: `${api}/auth/me` })).statusCode).toBe(401);
  });

  it('does not let a user change their own role, disable themself, or grant more than they hold', async () => {
    const me = (await call('GET', '/auth/me')).json().user;
    const reader = await roleId('Lecteur');
    const own = await call('PUT', `/users/${me.IDUser}`, {
      name: me.name,
      email: me.email,
      roleId: reader,
      App_Type: 'All',
      disabled: false,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_role');
    expect((await call('DELETE', `/users/${me.IDUser}`)).statusCode).toBe(400);

    // A user manager without roles.write cannot hand out the administrator role.
    const managerRole = (await call('POST', '/roles', { name: 'Gestion utilisateurs' })).json().id as number;
    await call('POST', `/roles/${managerRole}/permissions`, {
      permissions: ['users.read', 'users.write', 'roles.read'],
    });
    await call('POST', '/users', {
      name: 'Paul',
      email: 'paul@demo.test',
      roleId: managerRole,
      App_Type: 'Web',
      password: 'long-enough-1',
      confirmation: 'long-enough-1',
    });
    const paul = await ctx.token('paul@demo.test', 'long-enough-1');
    const escalate = await call(
      'POST',
      '/users',
      {
        name: 'Eve',
        email: 'eve@demo.test',
        roleId: await roleId('Administrateur'),
        App_Type: 'Web',
        password: 'long-enough-1',
        confirmation: 'long-enough-1',
      },
      paul,
    );
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().code).toBe('privilege_escalation');
  });

  it('never removes the last administrator', async () => {
    const acme = await ctx.token('admin@acme.test');
    const acmeAdminRole = await roleId('Administrateur', acme);
    const otherRole = (await call('POST', '/roles', { name: 'Adjoint' }, acme)).json().id as number;
    await call('POST', `/roles/${otherRole}/permissions`, { permissions: ['users.read', 'users.write'] }, acme);
    // Removing roles.write from the only administrator role would leave the tenant without one.
    const res = await call(
      'POST',
      `/roles/${acmeAdminRole}/permissions/remove`,
      { permissions: ['roles.write'] },
      acme,
    );
    expect(res.statusCode).toBe(403); // it is the caller's own role
    const second = await call(
      'POST',
      '/users',
      {
        name: 'Deux',
        email: 'deux@acme.test',
        roleId: otherRole,
        App_Type: 'Web',
        password: 'long-enough-1',
        confirmation: 'long-enough-1',
      },
      acme,
    );
    const deux = await ctx.token('deux@acme.test', 'long-enough-1');
    const me = (await call('GET', '/auth/me', undefined, acme)).json().user;
    // Deux manages users but is no administrator: the administrator is out of their reach.
    const disable = await call('DELETE', `/users/${me.IDUser}`, undefined, deux);
    expect(disable.statusCode).toBe(403);
    expect(disable.json().code).toBe('outranked_user');
    expect(second.statusCode).toBe(200);
    expect((await call('GET', '/auth/me', undefined, acme)).statusCode).toBe(200);
  });

  it('lets nobody edit, demote or disable a user holding permissions they lack', async () => {
    const acme = await ctx.token('admin@acme.test');
    const adminRole = await roleId('Administrateur', acme);
    const managerRole = (await call('POST', '/roles', { name: 'Gestion des comptes' }, acme)).json().id as number;
    await call('POST', `/roles/${managerRole}/permissions`, { permissions: ['users.read', 'users.write'] }, acme);
    const readerRole = (await call('POST', '/roles', { name: 'Consultation' }, acme)).json().id as number;
    await call('POST', `/roles/${readerRole}/permissions`, { permissions: ['users.read'] }, acme);
    const create = (name: string, email: string, role: number) =>
      call(
        'POST',
        '/users',
        { name, email, roleId: role, App_Type: 'Web', password: 'long-enough-1', confirmation: 'long-enough-1' },
        acme,
      );
    expect((await create('Gérard', 'gerard@acme.test', managerRole)).statusCode).toBe(200);
    const lesser = (await create('Lise', 'lise@acme.test', readerRole)).json() as Row;
    const manager = await ctx.token('gerard@acme.test', 'long-enough-1');
    const adminUser = (await call('GET', '/auth/me', undefined, acme)).json().user;
    const edit = (id: number, body: object) =>
      call('PUT', `/users/${id}`, { name: 'X', App_Type: 'Web', disabled: false, ...body }, manager);

    const expectOutranked = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('outranked_user');
    };
    expectOutranked(await edit(adminUser.IDUser, { email: 'pirate@evil.test', roleId: adminRole }));
    expectOutranked(await edit(adminUser.IDUser, { email: 'admin@acme.test', roleId: readerRole }));
    expectOutranked(await edit(adminUser.IDUser, { email: 'admin@acme.test', roleId: adminRole, disabled: true }));
    expectOutranked(await call('DELETE', `/users/${adminUser.IDUser}`, undefined, manager));
    // Nothing changed, and the administrator still signs in with their email.
    expect((await call('GET', '/auth/me', undefined, acme)).json().user).toMatchObject({
      email: 'admin@acme.test',
      role: 'Administrateur',
    });
    expect(await ctx.token('admin@acme.test')).toBeTruthy();

    // Giving a role beyond one's own is refused; a user within reach can be edited and disabled.
    const promote = await edit(lesser.id, { email: 'lise@acme.test', roleId: adminRole });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('privilege_escalation');
    expect((await edit(lesser.id, { email: 'lise.martin@acme.test', roleId: managerRole })).statusCode).toBe(200);
    expect((await call('DELETE', `/users/${lesser.id}`, undefined, manager)).statusCode).toBe(200);
  });

  it('hides users of other tenants and refuses read-only users', async () => {
    const acmeUsers = (await call('GET', '/users', undefined, await ctx.token('admin@acme.test'))).json()
      .items as Row[];
    expect((await call('GET', `/users/${acmeUsers[0]!.id}`)).statusCode).toBe(404);
    const viewer = await ctx.token('viewer@demo.test');
    expect((await call('GET', '/users', undefined, viewer)).statusCode).toBe(200);
    expect(
      (
        await call(
          'PUT',
          `/users/${acmeUsers[0]!.id}`,
          { name: 'x', email: 'x@x.fr', roleId: 1, App_Type: 'Web', disabled: false },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('role permissions', () => {
  it('adds and removes permissions, refusing unknown ones and other tenants', async () => {
    const role = (await call('POST', '/roles', { name: 'Magasinier' })).json().id as number;
    const empty = await call('GET', `/roles/${role}/permissions`);
    expect(empty.json()).toEqual({ roleId: role, name: 'Magasinier', permissions: [] });
    const all = await call('POST', `/roles/${role}/permissions`, { permissions: [...PERMISSIONS] });
    expect(all.json().permissions).toHaveLength(PERMISSIONS.length);
    const again = await call('POST', `/roles/${role}/permissions`, { permissions: ['articles.read'] });
    expect(again.json().permissions).toHaveLength(PERMISSIONS.length);
    const none = await call('POST', `/roles/${role}/permissions/remove`, { permissions: [...PERMISSIONS] });
    expect(none.json().permissions).toEqual([]);
    expect((await call('POST', `/roles/${role}/permissions`, { permissions: ['root.everything'] })).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/roles/${role}/permissions`, { permissions: [] })).statusCode).toBe(400);
    const acme = await ctx.token('admin@acme.test');
    expect((await call('GET', `/roles/${role}/permissions`, undefined, acme)).statusCode).toBe(404);
    expect(
      (await call('POST', `/roles/${role}/permissions`, { permissions: ['articles.read'] }, acme)).statusCode,
    ).toBe(404);
    const viewer = await ctx.token('viewer@demo.test');
    expect(
      (await call('POST', `/roles/${role}/permissions`, { permissions: ['articles.read'] }, viewer)).statusCode,
    ).toBe(403);
  });

  it('leaves out a stored permission that the catalogue no longer lists', async () => {
    const role = (await call('POST', '/roles', { name: 'Ancien rôle' })).json().id as number;
    await call('POST', `/roles/${role}/permissions`, { permissions: ['articles.read'] });
    await ctx.database.db.execute(
      sql`insert into role_permissions (tenant_id, role_id, permission)
          select tenant_id, id, 'retired.read' from roles where id = ${role}`,
    );
    const res = await call('GET', `/roles/${role}/permissions`);
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual(['articles.read']);
  });

  it('refuses to delete a role that users still have', async () => {
    const res = await call('DELETE', `/roles/${await roleId('Lecteur')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('in_use');
  });
});
