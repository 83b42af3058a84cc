import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, platformRows, setupTestApp, userIdOf } from '../../test/helper';

const ctx = await setupTestApp();
let superToken = '';
let adminToken = '';
beforeAll(async () => {
  superToken = await ctx.token('super@tagstock.test');
  adminToken = await ctx.token('admin@demo.test');
});
const { call } = apiCalls(ctx, () => superToken);

const newTenant = (suffix: string, extra: object = {}) => ({
  name: `Boulangerie ${suffix}`,
  company: { name: `Boulangerie ${suffix} SARL`, siren: '732 829 320', city: 'Nantes', country: 'France' },
  admin: { name: 'Nora Garnier', email: `nora.${suffix}@boulangerie.test`, password: 'pain-de-mie-42' },
  ...extra,
});

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/backend/api/auth/sign-in', payload: { email, password } });

describe('tenants (super admin)', () => {
  it('creates a tenant with its defaults, administrator role, company identity and first administrator', async () => {
    const created = await call('POST', '/tenants', newTenant('alpha'));
    expect(created.statusCode, created.body).toBe(201);
    const tenant = created.json();
    expect(tenant).toMatchObject({ name: 'Boulangerie alpha', status: 'active', userCount: 1 });
    expect((await call('GET', `/tenants/${tenant.id}`)).json()).toEqual(tenant);

    // Its administrator signs in, holds every permission and sees the company identity and the default modes.
    const res = await signIn('nora.alpha@boulangerie.test', 'pain-de-mie-42');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ tenantName: 'Boulangerie alpha', role: 'Administrateur' });
    expect(res.json().permissions).toContain('users.write');
    const token = res.json().token as string;
    const company = await ctx.as(token, { method: 'GET', url: '/backend/api/company' });
    expect(company.json()).toMatchObject({ name: 'Boulangerie alpha SARL', siren: '732829320', city: 'Nantes' });
    const modes = await ctx.as(token, { method: 'GET', url: '/backend/api/payment-modes' });
    expect(modes.json().total).toBeGreaterThan(0);
    // It sees none of the other tenants' data.
    const articles = await ctx.as(token, { method: 'GET', url: '/backend/api/articles' });
    expect(articles.json().total).toBe(0);
  });

  it('refuses duplicates (409), bad input (400), unknown tenants (404) and tenant admins (403)', async () => {
    const dupName = await call('POST', '/tenants', newTenant('beta', { name: 'demo' }));
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().code).toBe('tenant_name_taken');
    const dupEmail = await call(
      'POST',
      '/tenants',
      newTenant('beta', { admin: { name: 'X', email: 'Admin@Demo.test', password: 'long-enough-1' } }),
    );
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().code).toBe('email_taken');
    for (const bad of [
      newTenant('beta', { name: '' }),
      newTenant('beta', { name: 'x'.repeat(121) }),
      newTenant('beta', { company: { name: 'Sans SIREN valide', siren: '123456789' } }),
      newTenant('beta', { admin: { name: 'X', email: 'not-an-email', password: 'long-enough-1' } }),
      newTenant('beta', { admin: { name: 'X', email: 'x@beta.test', password: 'short' } }),
      newTenant('beta', { extra: 1 }),
      {},
    ])
      expect((await call('POST', '/tenants', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const [row] = await platformRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from tenants where name like 'Boulangerie beta%'`,
    );
    expect(row?.n).toBe(0);

    expect((await call('GET', '/tenants/999999')).statusCode).toBe(404);
    expect((await call('PUT', '/tenants/999999', { name: 'Nouveau' })).statusCode).toBe(404);
    expect((await call('POST', '/tenants/999999/status', { status: 'disabled' })).statusCode).toBe(404);
    expect((await call('GET', '/tenants/abc')).statusCode).toBe(400);
    expect((await call('POST', '/tenants/1/status', { status: 'paused' })).statusCode).toBe(400);

    for (const [method, url, body] of [
      ['POST', '/tenants', newTenant('gamma')],
      ['GET', '/tenants/1', undefined],
      ['PUT', '/tenants/1', { name: 'Pris' }],
      ['POST', '/tenants/1/status', { status: 'disabled' }],
      ['GET', '/platform/users', undefined],
    ] as const)
      expect((await call(method, url, body, adminToken)).statusCode, `${method} ${url}`).toBe(403);
  });

  it('renames a tenant, refusing a name already taken', async () => {
    const id = (await call('POST', '/tenants', newTenant('delta'))).json().id as number;
    const renamed = await call('PUT', `/tenants/${id}`, { name: 'Boulangerie Delta & Fils' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Boulangerie Delta & Fils' });
    expect((await call('PUT', `/tenants/${id}`, { name: 'ACME' })).statusCode).toBe(409);
    expect((await call('PUT', `/tenants/${id}`, { name: ' ' })).statusCode).toBe(400);
  });

  it("disables a tenant: its users' tokens are refused at once and sign-in too; active again, they sign in", async () => {
    const id = (await call('POST', '/tenants', newTenant('epsilon'))).json().id as number;
    const token = await ctx.token('nora.epsilon@boulangerie.test', 'pain-de-mie-42');
    const me = () => ctx.as(token, { method: 'GET', url: '/backend/api/auth/me' });
    expect((await me()).statusCode).toBe(200);

    const disabled = await call('POST', `/tenants/${id}/status`, { status: 'disabled' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('disabled');
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('tenant_disabled');
    const noSignIn = await signIn('nora.epsilon@boulangerie.test', 'pain-de-mie-42');
    expect(noSignIn.statusCode).toBe(401);
    expect(noSignIn.json().code).toBe('tenant_disabled');
    // A wrong password says nothing about the tenant.
    expect((await signIn('nora.epsilon@boulangerie.test', 'wrong-password-1')).json().code).toBe('invalid_credentials');
    // Other tenants are untouched.
    expect((await ctx.as(adminToken, { method: 'GET', url: '/backend/api/auth/me' })).statusCode).toBe(200);

    expect((await call('POST', `/tenants/${id}/status`, { status: 'active' })).json().status).toBe('active');
    expect((await signIn('nora.epsilon@boulangerie.test', 'pain-de-mie-42')).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
  });

  it("lists users across tenants with their tenant's name, filtered by tenant and search", async () => {
    const all = await call('GET', '/platform/users?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    const emails = all.json().items.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.test', 'admin@acme.test', 'super@tagstock.test']));

    const [acme] = await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Acme'`);
    const acmeUsers = await call('GET', `/platform/users?tenantId=${acme!.id}`);
    expect(acmeUsers.json()).toMatchObject({ total: 1, page: 1, limit: 25 });
    expect(acmeUsers.json().items[0]).toMatchObject({
      email: 'admin@acme.test',
      tenantId: acme!.id,
      tenantName: 'Acme',
      roleName: 'Administrateur',
      disabled: false,
    });
    const searched = await call('GET', '/platform/users?search=L%C3%A9a');
    expect(searched.json().items.map((u: { email: string }) => u.email)).toEqual(['viewer@demo.test']);
    expect((await call('GET', '/platform/users?tenantId=999999')).json().total).toBe(0);
    for (const bad of ['tenantId=abc', 'tenantId=-1', 'limit=500', 'sort=password:asc'])
      expect((await call('GET', `/platform/users?${bad}`)).statusCode, bad).toBe(400);
  });

  it("disables a tenant's user (signed out at once, refused at sign-in) and enables it again", async () => {
    const viewer = await userIdOf(ctx.database.db, 'viewer@demo.test');
    const token = await ctx.token('viewer@demo.test');
    const me = () => ctx.as(token, { method: 'GET', url: '/backend/api/auth/me' });
    const status = (id: number | string, value: string, as?: string) =>
      call('POST', `/platform/users/${id}/status`, { status: value }, as);

    const disabled = await status(viewer, 'disabled');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ email: 'viewer@demo.test', tenantName: 'Demo', disabled: true });
    expect((await me()).statusCode).toBe(401);
    expect((await signIn('viewer@demo.test', 'demo-password-1')).statusCode).toBe(401);
    expect((await status(viewer, 'active')).json().disabled).toBe(false);
    expect((await signIn('viewer@demo.test', 'demo-password-1')).statusCode).toBe(200);

    // A tenant keeps an enabled administrator; the platform's accounts are not managed here.
    const acmeAdmin = await userIdOf(ctx.database.db, 'admin@acme.test');
    const last = await status(acmeAdmin, 'disabled');
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_admin');
    const superUser = await userIdOf(ctx.database.db, 'super@tagstock.test');
    expect((await status(superUser, 'disabled')).statusCode).toBe(404);
    expect((await status(999_999, 'disabled')).statusCode).toBe(404);
    expect((await status(viewer, 'gone')).statusCode).toBe(400);
    expect((await status('abc', 'disabled')).statusCode).toBe(400);
    expect((await status(viewer, 'disabled', adminToken)).statusCode).toBe(403);
  });
});
