import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tagstock/contract';
import { DEMO_PASSWORD, platformRows, setupTestApp, testConfig } from '../../test/helper';

const ctx = await setupTestApp();
const { app } = ctx;

const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/backend/api/auth/sign-in', remoteAddress, payload: { email, password } });

const b64 = (v: object | string) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
/** Hand-made HS256 tokens, to prove the server checks what a forger could change. */
function forge(header: object, payload: object, secret = testConfig().jwtSecret) {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const me = (token: string) => ctx.as(token, { method: 'GET', url: '/backend/api/auth/me' });

describe('sign-in', () => {
  it('returns a token, the session user and the permissions, never the password hash', async () => {
    const res = await signIn('admin@demo.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      IDClient: expect.any(String),
      rb: false,
      App_Type: 'All',
      email: 'admin@demo.test',
    });
    expect(body.user.IDUser).toBeTypeOf('number');
    expect(body.permissions).toEqual(expect.arrayContaining([...PERMISSIONS]));
    expect(res.body).not.toMatch(/password|Mot_de_passe|\$argon2/i);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    expect((await signIn('  Admin@Demo.TEST ', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401 problem', async () => {
    const wrong = await signIn('viewer@demo.test', 'not-the-password');
    const unknown = await signIn('nobody@demo.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('rejects a malformed body with field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/backend/api/auth/sign-in', payload: { email: 'a@b.c' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'password' }] });
  });

  it('rejects invalid JSON with a problem, not a stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/backend/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).not.toMatch(/at .*\.js|node_modules/);
  });

  it('locks an account for a while after five failures, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('admin@acme.test', `wrong-${i}-password`)).statusCode).toBe(401);
    const locked = await signIn('admin@acme.test', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().code).toBe('rate_limited');
    // Other accounts are not affected.
    expect((await signIn('admin@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not let failures from another address lock the owner out', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++) {
      expect((await signIn('viewer@demo.test', `wrong-${i}-password`, attacker)).statusCode).toBe(401);
    }
    expect((await signIn('viewer@demo.test', DEMO_PASSWORD, attacker)).statusCode).toBe(429);
    expect((await signIn('Viewer@Demo.test', 'wrong-again-1', attacker)).statusCode).toBe(429);
    // The owner, from their own address, signs in as usual.
    expect((await signIn('viewer@demo.test', DEMO_PASSWORD, '198.51.100.200')).statusCode).toBe(200);
  });

  it('refuses a disabled user', async () => {
    await platformRows(ctx.database.db, sql`update users set disabled_at = now() where email = 'mobile@demo.test'`);
    expect((await signIn('mobile@demo.test', DEMO_PASSWORD)).statusCode).toBe(401);
    await platformRows(ctx.database.db, sql`update users set disabled_at = null where email = 'mobile@demo.test'`);
    expect((await signIn('mobile@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('GET /auth/me answers the caller', async () => {
    const res = await me(await ctx.token('viewer@demo.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('viewer@demo.test');
    expect(res.json().permissions.every((p: string) => p.endsWith('.read'))).toBe(true);
  });

  it('refuses a missing token, alg none, a tampered, an expired and a wrong-audience token', async () => {
    const good = await ctx.token('admin@demo.test');
    const [h, p, s] = good.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const cases = [
      undefined,
      `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      `${h}.${b64({ ...payload, sub: '4' })}.${s}`,
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, iat: now() - 100, exp: now() - 10 }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, aud: 'another-app' }),
      forge({ alg: 'HS256', typ: 'JWT' }, payload, 'another-secret-another-secret-another-secret'),
    ];
    for (const token of cases) {
      const res = await app.inject({
        method: 'GET',
        url: '/backend/api/auth/me',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    // Signed with the real secret, yet lacking a required claim or with a malformed one.
    const without = (claim: string) => {
      const copy = { ...payload };
      delete copy[claim];
      return forge({ alg: 'HS256', typ: 'JWT' }, copy);
    };
    const malformed = [
      ...['aud', 'exp', 'sub', 'ver'].map(without),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, sub: '0' }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, sub: `${payload.sub}.5` }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, sub: Number(payload.sub) }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, sub: '99999999999' }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, ver: String(payload.ver) }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, ver: payload.ver + 0.5 }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, aud: [payload.aud, 'another-app'] }),
    ];
    for (const token of malformed) {
      const res = await me(token);
      expect(
        res.statusCode,
        JSON.stringify(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())),
      ).toBe(401);
      expect(res.json().code).toBe('invalid_token');
    }
    // The forging helper itself makes tokens the server accepts.
    expect((await me(forge({ alg: 'HS256', typ: 'JWT' }, payload))).statusCode).toBe(200);
  });

  it('sign-out-everywhere revokes every earlier token', async () => {
    const a = await ctx.token('admin@demo.test');
    const b = await ctx.token('admin@demo.test');
    expect((await ctx.as(a, { method: 'POST', url: '/backend/api/auth/sign-out-everywhere' })).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(await ctx.token('admin@demo.test'))).statusCode).toBe(200);
  });

  it('disabling a user revokes their tokens', async () => {
    const t = await ctx.token('mobile@demo.test');
    const user = (await me(t)).json().user;
    const admin = await ctx.token('admin@demo.test');
    expect((await me(t)).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/backend/api/users/${user.IDUser}` })).statusCode).toBe(200);
    expect((await me(t)).statusCode).toBe(401);
    // Re-enabled behind the API's back: the session cache must be told.
    await platformRows(ctx.database.db, sql`update users set disabled_at = null where email = 'mobile@demo.test'`);
    await ctx.app.sessions.invalidate(user.IDUser);
  });
});

describe('profile', () => {
  it('updates name and email', async () => {
    const t = await ctx.token('viewer@demo.test');
    const res = await ctx.as(t, {
      method: 'PUT',
      url: '/backend/api/auth/profile',
      payload: { name: 'Léa Dubois-Morel', email: 'viewer@demo.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Léa Dubois-Morel');
    expect((await me(t)).json().user.name).toBe('Léa Dubois-Morel');
  });

  it('rejects bad input, unknown fields and a taken email', async () => {
    const t = await ctx.token('viewer@demo.test');
    const put = (payload: object) => ctx.as(t, { method: 'PUT', url: '/backend/api/auth/profile', payload });
    const bad = await put({ name: '', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'name']);
    expect((await put({ name: 'X', email: 'viewer@demo.test', rb: true })).statusCode).toBe(400);
    const taken = await put({ name: 'X', email: 'admin@acme.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken', errors: [{ field: 'email', code: 'already_used' }] });
  });

  it('keeps the chosen language, in the session and at the next sign-in; null follows the browser', async () => {
    const t = await ctx.token('viewer@demo.test');
    const put = (payload: object) => ctx.as(t, { method: 'PUT', url: '/backend/api/auth/profile', payload });
    expect((await me(t)).json().user.language).toBeNull();
    const chosen = await put({ name: 'Léa', email: 'viewer@demo.test', language: 'en' });
    expect(chosen.json().user.language).toBe('en');
    expect((await me(t)).json().user.language).toBe('en');
    expect((await signIn('viewer@demo.test', DEMO_PASSWORD)).json().user.language).toBe('en');
    // A client that sends no language keeps the choice.
    expect((await put({ name: 'Léa', email: 'viewer@demo.test' })).json().user.language).toBe('en');
    const bad = await put({ name: 'Léa', email: 'viewer@demo.test', language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject([{ field: 'language', code: 'invalid_choice' }]);
    expect((await put({ name: 'Léa', email: 'viewer@demo.test', language: null })).json().user.language).toBeNull();
    expect((await signIn('viewer@demo.test', DEMO_PASSWORD)).json().user.language).toBeNull();
  });
});

describe('App_Type', () => {
  it('refuses the dashboard API to Mobile accounts and keeps what the mobile app needs open', async () => {
    const mobile = await ctx.token('mobile@demo.test');
    expect((await me(mobile)).statusCode).toBe(200);
    for (const url of [
      '/dashboard/articles/summary/1',
      '/articles',
      '/users',
      '/roles',
      '/tags',
      '/readers',
      '/suppliers',
    ]) {
      const res = await ctx.as(mobile, { method: 'GET', url: `/backend/api${url}` });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('app_type_forbidden');
    }
    // The handheld upload passes the App_Type check (this terminal is unknown: the service's own 400).
    const upload = await ctx.as(mobile, {
      method: 'POST',
      url: '/backend/api/terminals/sessions',
      payload: {
        sessionId: '1b2f2a4e-3b7d-4f3a-9e52-6a0d1c2b3e4f',
        imei: '356938035641234',
        location: 'Réserve',
        reads: [{ epc: 'CCCC00000000000000000002', firstSeenAt: '2024-03-12T10:00:07+01:00' }],
      },
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().errors[0].field).toBe('imei');
    // Web and All accounts use the dashboard.
    for (const email of ['viewer@demo.test', 'admin@demo.test']) {
      const res = await ctx.as(await ctx.token(email), { method: 'GET', url: '/backend/api/articles' });
      expect(res.statusCode, email).toBe(200);
    }
  });
});

describe('password', () => {
  it('changes the password, returns a new token and revokes the old ones', async () => {
    const old = await ctx.token('mobile@demo.test');
    const put = (payload: object) => ctx.as(old, { method: 'PUT', url: '/backend/api/auth/password', payload });
    const wrong = await put({
      currentPassword: 'nope-nope',
      newPassword: 'new-password-9',
      confirmation: 'new-password-9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', errors: [{ field: 'currentPassword' }] });
    const short = await put({ currentPassword: DEMO_PASSWORD, newPassword: 'short', confirmation: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe('newPassword');
    const mismatch = await put({
      currentPassword: DEMO_PASSWORD,
      newPassword: 'new-password-9',
      confirmation: 'other-password-9',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].field).toBe('confirmation');

    const ok = await put({
      currentPassword: DEMO_PASSWORD,
      newPassword: 'new-password-9',
      confirmation: 'new-password-9',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(ok.json().token)).statusCode).toBe(200);
    expect((await signIn('mobile@demo.test', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('mobile@demo.test', 'new-password-9')).statusCode).toBe(200);
  });
});
