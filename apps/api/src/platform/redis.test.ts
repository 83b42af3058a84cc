import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH, SocketEvents } from '@tagstock/contract';
import { buildApp } from '../app';
import { DEMO_PASSWORD, setupTestApp, testConfig } from '../test/helper';
import { connectRedis } from './redis';

// The Redis server is shared with other runs: this run's keys and channels start with their own prefix.
const shared = {
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  redisPrefix: `test-${randomUUID()}:`,
  loginRateLimitPerMinute: 8,
};
const ctx = await setupTestApp(shared);
// A second process: its own session cache and counters, the same database and Redis.
const other = await buildApp(testConfig(shared), ctx.database);
await other.ready();
afterAll(async () => {
  await other.close();
  // Counters expire by themselves; the Socket.IO stream does not.
  const redis = await connectRedis(shared.redisUrl, shared.redisPrefix, console);
  await redis.reset('socket.io');
  await redis.close();
});
const processes = [ctx.app, other];

/** The i-th attempt goes to one process, the next to the other. */
const signIn = (i: number, email: string, password: string, remoteAddress: string) =>
  processes[i % 2]!.inject({
    method: 'POST',
    url: '/backend/api/auth/sign-in',
    remoteAddress,
    payload: { email, password },
  });

describe('several processes sharing Redis', () => {
  it('locks an account after five failures spread over both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signIn(i, 'admin@acme.test', `wrong-${i}-password`, '192.0.2.1')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const i of [5, 6]) {
      const locked = await signIn(i, 'admin@acme.test', DEMO_PASSWORD, '192.0.2.1');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Per account and address: the owner elsewhere is not locked out, and a success clears their own count.
    expect((await signIn(0, 'admin@acme.test', 'wrong-password-9', '192.0.2.2')).statusCode).toBe(401);
    expect((await signIn(1, 'admin@acme.test', DEMO_PASSWORD, '192.0.2.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(i, 'admin@acme.test', `wrong-${i}-password`, '192.0.2.2')).statusCode).toBe(401);
    }
  });

  it('counts the per-address limit over both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await signIn(i, `nobody${i}@nowhere.test`, 'whatever-1', '192.0.2.3')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
  });

  it('refuses a token signed out everywhere on one process on the other too, before its cache would expire', async () => {
    const token = await ctx.token('admin@demo.test');
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/backend/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    // The other process has the session in its cache.
    expect((await me(other)).statusCode).toBe(200);
    expect((await ctx.as(token, { method: 'POST', url: '/backend/api/auth/sign-out-everywhere' })).statusCode).toBe(
      200,
    );
    // Within a second on an idle machine; the bound is the cached session's 10 s lifetime, which the other process
    // just renewed: a refusal before it can only come from the invalidation published on Redis.
    await vi.waitFor(async () => expect((await me(other)).statusCode).toBe(401), { timeout: 5000, interval: 20 });
  });

  /** A socket of `token`'s user on the other process, in its tenant's room. */
  const socketInTenantRoom = async (token: string) => {
    const tenant = (await ctx.as(token, { method: 'GET', url: '/backend/api/auth/me' })).json().user.IDClient as string;
    const socket = connect(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    expect(await socket.emitWithAck(SocketEvents.joinRoom, tenant)).toEqual({ ok: true });
    return { tenant, socket };
  };

  it('carries tenant events to a socket on the other process, and closes it when its user signs out everywhere', async () => {
    await other.listen({ port: 0, host: '127.0.0.1' });
    const token = await ctx.token('viewer@demo.test');
    const { tenant, socket } = await socketInTenantRoom(token);

    const received = new Promise((resolve) => socket.once(SocketEvents.sendNotification, resolve));
    ctx.app.realtime.notifyTenant(Number(tenant), SocketEvents.sendNotification, { probe: 1 });
    expect(await received).toEqual({ probe: 1 });

    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await ctx.as(token, { method: 'POST', url: '/backend/api/auth/sign-out-everywhere' })).statusCode).toBe(
      200,
    );
    expect(await closed).toBe('io server disconnect');
    socket.close();
  });

  it("signs a disabled tenant's users out on the other process too, sockets closed, until it is active again", async () => {
    if (!other.server.listening) await other.listen({ port: 0, host: '127.0.0.1' });
    const superToken = await ctx.token('super@tagstock.test');
    const token = await ctx.token('admin@acme.test');
    const me = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/backend/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(other)).statusCode).toBe(200);
    const { tenant, socket } = await socketInTenantRoom(token);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const status = (value: string) =>
      ctx.as(superToken, { method: 'POST', url: `/backend/api/tenants/${tenant}/status`, payload: { status: value } });

    expect((await status('disabled')).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await me(other)).json().code).toBe('tenant_disabled'), {
      timeout: 5000,
      interval: 20,
    });
    expect(await closed).toBe('io server disconnect');
    socket.close();
    expect((await signIn(1, 'admin@acme.test', DEMO_PASSWORD, '192.0.2.9')).json().code).toBe('tenant_disabled');

    expect((await status('active')).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await me(other)).statusCode).toBe(200), { timeout: 5000, interval: 20 });
    expect((await signIn(1, 'admin@acme.test', DEMO_PASSWORD, '192.0.2.9')).statusCode).toBe(200);
  });
});
