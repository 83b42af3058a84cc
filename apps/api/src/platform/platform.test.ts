import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH, SocketEvents } from '@tagstock/contract';
import { queryRows, withTenant } from '../db/client';
import { DEMO_PASSWORD, platformRows, setupTestApp } from '../test/helper';
import { tenantFromParam } from './auth';
import { APP_CSP, DOCS_CSP } from './security-headers';

const webDist = mkdtempSync(join(tmpdir(), 'tagstock-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tagstock</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const ctx = await setupTestApp(
  { webDist, loginRateLimitPerMinute: 8, readyTimeoutMs: 200 },
  {
    prepare: (app) =>
      app.get<{ Params: { id: string } }>('/backend/api/probe/:id', { preHandler: app.authenticate }, (request) => ({
        tenantId: tenantFromParam(request.auth, request.params.id),
      })),
  },
);
const { app } = ctx;

const tenantIds = async () =>
  Object.fromEntries(
    (await platformRows<{ id: number; name: string }>(ctx.database.db, sql`select id, name from tenants`)).map((r) => [
      r.name,
      r.id,
    ]),
  ) as Record<'Demo' | 'Acme', number>;

describe('platform routes', () => {
  it('health answers from the process, readiness once the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/backend/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '1.92.0', uptimeS: expect.any(Number) });
    expect(res.headers['cache-control']).toBe('no-store');
    const ready = await app.inject({ method: 'GET', url: '/backend/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', version: '1.92.0' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('readiness answers 503 while the database cannot answer, health still 200; ready again after', async () => {
    // Hold what a query needs: PGlite's one-at-a-time lock, or every connection of the PostgreSQL pool.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding: Promise<unknown>[] = [];
    const { pglite, db } = ctx.database;
    if (pglite) {
      let locked!: () => void;
      const lock = new Promise<void>((resolve) => (locked = resolve));
      holding.push(pglite.transaction(() => (locked(), held)));
      await lock;
    } else {
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      holding.push(held.then(() => clients.forEach((c) => c.release())));
    }
    try {
      expect((await app.inject({ method: 'GET', url: '/backend/health' })).statusCode).toBe(200);
      const down = await app.inject({ method: 'GET', url: '/backend/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(down.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
    } finally {
      release();
      await Promise.all(holding);
    }
    expect((await app.inject({ method: 'GET', url: '/backend/ready' })).statusCode).toBe(200);
  });

  it('serves meta.json without cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(res.json()).toEqual({ version: '1.92.0' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const doc = await app.inject({ method: 'GET', url: '/backend/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(Object.keys(doc.json().paths)).toContain('/backend/api/auth/sign-in');
    expect((await app.inject({ method: 'GET', url: '/backend/docs/' })).statusCode).toBe(200);
  });

  it('answers unknown API routes with a 404 problem and client routes with the SPA', async () => {
    const api = await app.inject({ method: 'GET', url: '/backend/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Tagstock</title>');
    const spa = await app.inject({ method: 'GET', url: '/admin/dashboard' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>Tagstock</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends security headers: the app policy on pages, a looser one for Swagger UI, none-at-all for the API', async () => {
    const common = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };
    const page = await app.inject({ method: 'GET', url: '/admin/dashboard' });
    expect(page.headers).toMatchObject({ ...common, 'content-security-policy': APP_CSP });
    expect(APP_CSP).toMatch(/script-src 'self';/);
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers).toMatchObject(common);
    const docs = await app.inject({ method: 'GET', url: '/backend/docs/' });
    expect(docs.headers).toMatchObject({ ...common, 'content-security-policy': DOCS_CSP });
    const api = await app.inject({ method: 'GET', url: '/backend/api/nothing-here' });
    expect(api.headers).toMatchObject({
      ...common,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });

  it('refuses an oversize body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/backend/api/auth/sign-in',
      payload: { email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });
});

describe('tenant guard', () => {
  it('lets a user name only their own client, a super admin any, and hides the rest as 404', async () => {
    const { Demo, Acme } = await tenantIds();
    const demo = await ctx.token('admin@demo.test');
    const probe = (token: string, id: string | number) =>
      ctx.as(token, { method: 'GET', url: `/backend/api/probe/${id}` });
    expect((await probe(demo, Demo)).json()).toEqual({ tenantId: Demo });
    expect((await probe(demo, Acme)).statusCode).toBe(404);
    expect((await probe(demo, 'abc')).statusCode).toBe(404);
    expect((await probe(demo, 99999)).statusCode).toBe(404);
    const superAdmin = await ctx.token('super@tagstock.test');
    expect((await probe(superAdmin, Acme)).json()).toEqual({ tenantId: Acme });
  });

  it('row-level security hides other tenants even from a query without a tenant filter', async () => {
    const { Demo, Acme } = await tenantIds();
    const seen = await withTenant(ctx.database.db, Demo, (tx) =>
      queryRows<{ tenant_id: number }>(tx, sql`select distinct tenant_id from roles`),
    );
    expect(seen).toEqual([{ tenant_id: Demo }]);
    await expect(
      withTenant(ctx.database.db, Demo, (tx) =>
        tx.execute(sql`insert into roles (tenant_id, name) values (${Acme}, 'Intrus')`),
      ),
    ).rejects.toThrow();
  });
});

describe('tenants (super admin)', () => {
  it('lists tenants for the super admin only', async () => {
    const res = await ctx.as(await ctx.token('super@tagstock.test'), { method: 'GET', url: '/backend/api/tenants' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1, limit: 25 });
    expect(res.json().items.map((t: { name: string }) => t.name)).toEqual(['Acme', 'Demo']);
    const admin = await ctx.as(await ctx.token('admin@demo.test'), { method: 'GET', url: '/backend/api/tenants' });
    expect(admin.statusCode).toBe(403);
    const bad = await ctx.as(await ctx.token('super@tagstock.test'), {
      method: 'GET',
      url: '/backend/api/tenants?limit=500',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("sets a tenant's monthly report questions for the super admin only, and the tenant's count follows", async () => {
    const { Demo, Acme } = await tenantIds();
    const superToken = await ctx.token('super@tagstock.test');
    const put = (token: string, id: number | string, payload: object) =>
      ctx.as(token, { method: 'PUT', url: `/backend/api/tenants/${id}/report-tries`, payload });
    const listed = async () =>
      (await ctx.as(superToken, { method: 'GET', url: '/backend/api/tenants' })).json<{
        items: { id: number; reportTriesLimit: number; reportTriesUsed: number }[];
      }>().items;
    expect((await listed()).find((t) => t.id === Acme)).toMatchObject({ reportTriesLimit: 50, reportTriesUsed: 0 });

    const set = await put(superToken, Acme, { limit: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: Acme, name: 'Acme', reportTriesLimit: 3, reportTriesUsed: 0 });
    // The tenant reads its own limit; the other tenant keeps the default.
    const acmeTries = await ctx.as(await ctx.token('admin@acme.test'), {
      method: 'GET',
      url: '/backend/api/reports/tries',
    });
    expect(acmeTries.json()).toEqual({ limit: 3, used: 0, remaining: 3 });
    expect((await listed()).find((t) => t.id === Demo)).toMatchObject({ reportTriesLimit: 50 });

    const admin = await ctx.token('admin@demo.test');
    expect((await put(admin, Demo, { limit: 1000 })).statusCode).toBe(403);
    for (const bad of [{ limit: -1 }, { limit: 1.5 }, { limit: 100_001 }, { limit: '3' }, {}, { limit: 3, x: 1 }])
      expect((await put(superToken, Acme, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await put(superToken, 'abc', { limit: 3 })).statusCode).toBe(400);
    const missing = await put(superToken, 999_999, { limit: 3 });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect((await put(superToken, Acme, { limit: 50 })).json()).toMatchObject({ reportTriesLimit: 50 });
  });
});

describe('real-time channel', () => {
  let base = '';
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  const open = (token?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(base, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
      });
      sockets.push(s);
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  const join = (s: Socket, room: string) =>
    new Promise<{ ok: boolean }>((resolve) => s.emit(SocketEvents.joinRoom, room, resolve));

  it('refuses a handshake without a valid token', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await expect(open()).rejects.toThrow('unauthorized');
    await expect(open('not-a-token')).rejects.toThrow('unauthorized');
  });

  it('joins only the own client room and delivers tenant notifications there', async () => {
    const { Demo, Acme } = await tenantIds();
    const demo = await open(await ctx.token('admin@demo.test'));
    const acme = await open(await ctx.token('admin@acme.test', DEMO_PASSWORD));
    expect(await join(demo, String(Acme))).toEqual({ ok: false });
    expect(await join(demo, String(Demo))).toEqual({ ok: true });
    expect(await join(acme, String(Acme))).toEqual({ ok: true });

    const acmeGot = new Promise((resolve) => acme.once(SocketEvents.sendNotification, resolve));
    const received = new Promise((resolve) => demo.once(SocketEvents.sendNotification, resolve));
    const payload = {
      result: { totalQuantity: 12, totalValorization: 340.5 },
      isAuthorized: true,
      authorizationMessage: null,
      updatedArticle: null,
      newTagMouvement: null,
    };
    app.realtime.notifyTenant(Demo, SocketEvents.sendNotification, payload);
    expect(await received).toEqual(payload);
    // Events reach a socket in order: the first Acme receives must be its own, sent after Demo's.
    const acmePayload = { ...payload, result: { totalQuantity: 1, totalValorization: 2 } };
    app.realtime.notifyTenant(Acme, SocketEvents.sendNotification, acmePayload);
    expect(await acmeGot).toEqual(acmePayload);
  });

  const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));
  const post = (token: string, url: string, payload?: object) =>
    ctx.as(token, { method: 'POST', url: `/backend/api${url}`, ...(payload ? { payload } : {}) });
  /** A Demo user with a role of its own, created through the API. */
  async function demoUser(email: string, permissions: string[]) {
    const admin = await ctx.token('admin@demo.test');
    const role = (await post(admin, '/roles', { name: `Rôle ${email}` })).json().id as number;
    expect((await post(admin, `/roles/${role}/permissions`, { permissions })).statusCode).toBe(200);
    const user = await post(admin, '/users', {
      name: email,
      email,
      roleId: role,
      App_Type: 'Web',
      password: 'long-enough-1',
      confirmation: 'long-enough-1',
    });
    expect(user.statusCode).toBe(200);
    return { id: user.json().id as number, token: () => ctx.token(email, 'long-enough-1') };
  }

  it('refuses the tenant room to a user without the tags.read permission', async () => {
    const { Demo } = await tenantIds();
    const user = await demoUser('sans-tags@demo.test', ['articles.read']);
    const s = await open(await user.token());
    expect(await join(s, String(Demo))).toEqual({ ok: false });
    const allowed = await open(await ctx.token('viewer@demo.test'));
    expect(await join(allowed, String(Demo))).toEqual({ ok: true });
  });

  it('disconnects the sockets of a user who signs out everywhere, changes password or is disabled', async () => {
    const { Demo } = await tenantIds();
    const user = await demoUser('socket-user@demo.test', ['tags.read']);

    const a = await open(await user.token());
    const b = await open(await user.token());
    const bystander = await open(await ctx.token('viewer@demo.test'));
    expect(await join(a, String(Demo))).toEqual({ ok: true });
    const aClosed = closed(a);
    const bClosed = closed(b);
    expect((await post(await user.token(), '/auth/sign-out-everywhere')).statusCode).toBe(200);
    expect(await aClosed).toBe('io server disconnect');
    expect(await bClosed).toBe('io server disconnect');
    // Someone else's socket is untouched: it still answers.
    expect(await join(bystander, String(Demo))).toEqual({ ok: true });

    const c = await open(await user.token());
    const cClosed = closed(c);
    const changed = await ctx.as(await user.token(), {
      method: 'PUT',
      url: '/backend/api/auth/password',
      payload: { currentPassword: 'long-enough-1', newPassword: 'long-enough-2', confirmation: 'long-enough-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await cClosed).toBe('io server disconnect');
    // The token the password change returned opens a socket that works.
    const d = await open(changed.json().token);
    expect(await join(d, String(Demo))).toEqual({ ok: true });

    const dClosed = closed(d);
    const admin = await ctx.token('admin@demo.test');
    expect((await ctx.as(admin, { method: 'DELETE', url: `/backend/api/users/${user.id}` })).statusCode).toBe(200);
    expect(await dClosed).toBe('io server disconnect');
  });

  it('disconnects a socket when its token expires', async () => {
    const [row] = await platformRows<{ id: number; ver: number }>(
      ctx.database.db,
      sql`select id, token_version as ver from users where email = 'viewer@demo.test'`,
    );
    const token = app.jwt.sign({ sub: String(row!.id), ver: row!.ver }, { expiresIn: 2 });
    const s = await open(token);
    const sClosed = closed(s);
    expect(await sClosed).toBe('io server disconnect');
  });

  it('checks the token again at join_room (a revocation another process has not yet pushed)', async () => {
    const { Demo } = await tenantIds();
    const user = await demoUser('rejoin@demo.test', ['tags.read']);
    const token = await user.token();
    const s = await open(token);
    expect(await join(s, String(Demo))).toEqual({ ok: true });
    // As if the socket lived on another process: the revocation does not reach it directly.
    const recheck = vi.spyOn(app.realtime, 'recheck').mockResolvedValue(undefined);
    try {
      expect((await post(token, '/auth/sign-out-everywhere')).statusCode).toBe(200);
      expect(recheck).toHaveBeenCalledWith(user.id);
    } finally {
      recheck.mockRestore();
    }
    const sClosed = closed(s);
    expect(await join(s, String(Demo))).toEqual({ ok: false });
    expect(await sClosed).toBe('io server disconnect');
  });

  it('lets a super admin join any client room', async () => {
    const { Acme } = await tenantIds();
    const s = await open(await ctx.token('super@tagstock.test'));
    expect(await join(s, String(Acme))).toEqual({ ok: true });
  });
});

describe('per-IP sign-in rate limit', () => {
  it('answers 429 with Retry-After past the per-minute budget', async () => {
    let last = 0;
    let retryAfter: string | string[] | undefined;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/backend/api/auth/sign-in',
        remoteAddress: '203.0.113.7',
        payload: { email: `u${i}@nowhere.test`, password: 'whatever-1' },
      });
      last = res.statusCode;
      retryAfter = res.headers['retry-after'];
      if (last === 429) expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/backend/api/auth/sign-in',
        remoteAddress: '203.0.113.8',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: { email: `xff${i}@nowhere.test`, password: 'whatever-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
