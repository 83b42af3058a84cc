import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH, SocketEvents } from '@tagstock/contract';
import { queryRows, withTenant } from '../db/client';
import { DEMO_PASSWORD, setupTestApp } from '../test/helper';
import { tenantFromParam } from './auth';

const webDist = mkdtempSync(join(tmpdir(), 'tagstock-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tagstock</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const ctx = await setupTestApp(
  { webDist, loginRateLimitPerMinute: 8 },
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
    (await queryRows<{ id: number; name: string }>(ctx.database.db, sql`select id, name from tenants`)).map((r) => [
      r.name,
      r.id,
    ]),
  ) as Record<'Demo' | 'Acme', number>;

describe('platform routes', () => {
  it('health answers with the database up', async () => {
    const res = await app.inject({ method: 'GET', url: '/backend/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', version: '1.91.0' });
  });

  it('serves meta.json without cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(res.json()).toEqual({ version: '1.91.0' });
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

    const acmeGot: unknown[] = [];
    acme.on(SocketEvents.sendNotification, (p) => acmeGot.push(p));
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
    await new Promise((r) => setTimeout(r, 100));
    expect(acmeGot).toEqual([]);
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
});
