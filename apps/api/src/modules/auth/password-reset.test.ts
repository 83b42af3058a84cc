import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, platformRows, setupTestApp, userIdOf } from '../../test/helper';
import { passwordResetService, RESET_LINK_TTL_MS } from './password-reset';

const ctx = await setupTestApp();
let superToken = '';
beforeAll(async () => {
  superToken = await ctx.token('super@tagstock.test');
});
const { call } = apiCalls(ctx, () => superToken);

const userId = (email: string) => userIdOf(ctx.database.db, email);
const tokenOf = (path: string) => path.split('#token=')[1]!;
const reset = (token: string, newPassword = 'nouveau-secret-42', confirmation = newPassword) =>
  ctx.app.inject({
    method: 'POST',
    url: '/backend/api/auth/password-reset',
    payload: { token, newPassword, confirmation },
  });
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/backend/api/auth/sign-in', payload: { email, password } });

describe('password-reset links', () => {
  it('sets the password once, signs the user out everywhere, and the link is spent', async () => {
    const id = await userId('viewer@demo.test');
    const before = await ctx.token('viewer@demo.test');
    const created = await call('POST', `/platform/users/${id}/password-reset`);
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect(link.path).toMatch(/^\/auth\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    // No SMTP server configured: nothing is e-mailed, and asking for an e-mail is refused.
    expect(link.emailedTo).toBeNull();
    expect((await call('GET', '/platform/mail')).json()).toEqual({ enabled: false });
    const noMail = await call('POST', `/platform/users/${id}/password-reset`, { by: 'email' });
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().code).toBe('mail_not_configured');
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + RESET_LINK_TTL_MS - 60_000);
    // Only the digest is stored.
    const stored = await platformRows<{ tokenHash: string }>(
      ctx.database.db,
      sql`select token_hash as "tokenHash" from password_resets where user_id = ${id}`,
    );
    expect(stored.map((r) => r.tokenHash)).not.toContain(tokenOf(link.path));

    const done = await reset(tokenOf(link.path));
    expect(done.statusCode, done.body).toBe(200);
    // The old session is refused, the new password signs in.
    expect((await ctx.as(before, { method: 'GET', url: '/backend/api/auth/me' })).statusCode).toBe(401);
    expect((await signIn('viewer@demo.test', 'nouveau-secret-42')).statusCode).toBe(200);

    const again = await reset(tokenOf(link.path), 'encore-un-autre-7');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('reset_link_invalid');
    expect((await signIn('viewer@demo.test', 'encore-un-autre-7')).statusCode).toBe(401);
  });

  it('refuses an earlier link once a new one is made, an expired one, and a made-up one', async () => {
    const id = await userId('mobile@demo.test');
    const first = tokenOf((await call('POST', `/platform/users/${id}/password-reset`)).json().path);
    const second = tokenOf((await call('POST', `/platform/users/${id}/password-reset`)).json().path);
    expect((await reset(first)).json().code).toBe('reset_link_invalid');

    // Made a day and a minute ago: expired.
    const resets = passwordResetService(ctx.database.db, ctx.app.sessions);
    const old = await resets.createLink(id, id, 'link', new Date(Date.now() - RESET_LINK_TTL_MS - 60_000));
    expect((await reset(tokenOf(old.path!))).json().code).toBe('reset_link_invalid');
    // That older link replaced `second` too.
    expect((await reset(second)).json().code).toBe('reset_link_invalid');
    expect((await reset('A'.repeat(43))).json().code).toBe('reset_link_invalid');
  });

  it('refuses bad input (400), tenant admins (403), super admins and unknown users (404)', async () => {
    const id = await userId('admin@acme.test');
    const link = tokenOf((await call('POST', `/platform/users/${id}/password-reset`)).json().path);
    for (const [token, password, confirmation] of [
      ['short', 'nouveau-secret-42', 'nouveau-secret-42'],
      ['x'.repeat(65), 'nouveau-secret-42', 'nouveau-secret-42'],
      ['bad token with spaces and more than forty-three chars', 'nouveau-secret-42', 'nouveau-secret-42'],
      [link, 'court', 'court'],
      [link, 'nouveau-secret-42', 'autre-chose-42'],
    ] as const) {
      const res = await reset(token, password, confirmation);
      expect(res.statusCode, `${token} ${password}`).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    // Still usable after the refused attempts.
    expect((await reset(link, 'acme-secret-2026')).statusCode).toBe(200);

    const admin = await ctx.token('admin@demo.test');
    const forbidden = await ctx.as(admin, { method: 'POST', url: `/backend/api/platform/users/${id}/password-reset` });
    expect(forbidden.statusCode).toBe(403);
    const superId = await userId('super@tagstock.test');
    expect((await call('POST', `/platform/users/${superId}/password-reset`)).statusCode).toBe(404);
    expect((await call('POST', '/platform/users/999999/password-reset')).statusCode).toBe(404);
    expect((await call('POST', '/platform/users/abc/password-reset')).statusCode).toBe(400);
    for (const body of [{ by: 'fax' }, { by: 'link', extra: 1 }]) {
      const res = await call('POST', `/platform/users/${id}/password-reset`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await ctx.as(admin, { method: 'GET', url: '/backend/api/platform/mail' })).statusCode).toBe(403);
  });

  it('leaves a disabled user refused at sign-in after a reset', async () => {
    const created = await call('POST', '/tenants', {
      name: 'Reset Test',
      company: { name: 'Reset Test SAS', city: 'Lyon', country: 'France' },
      admin: { name: 'Inès Roux', email: 'ines@reset.test', password: 'premier-secret-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await userId('ines@reset.test');
    const link = tokenOf((await call('POST', `/platform/users/${id}/password-reset`)).json().path);
    expect((await call('POST', `/tenants/${created.json().id}/status`, { status: 'disabled' })).statusCode).toBe(200);
    expect((await reset(link, 'second-secret-2')).statusCode).toBe(200);
    const res = await signIn('ines@reset.test', 'second-secret-2');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('tenant_disabled');
  });
});
