import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as LightResponse } from 'fastify';
import { afterAll, expect, inject } from 'vitest';
import type { TSignInResponse } from '@tagstock/contract';
import { buildApp, type AppConfig } from '../app';
import { openDatabase, queryRows, withPlatform, type Database, type Db } from '../db/client';
import { seedDemo } from '../seed/seed';
import { freshPostgres } from './postgres';

export const DEMO_PASSWORD = 'demo-password-1';

/** PGlite by default; a fresh database on the real server when TEST_DB=postgres (needs TEST_DATABASE_URL). */
export const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  /** Signs in a demo account and returns its bearer token. */
  token(email: string, password?: string): Promise<string>;
  /** app.inject with a bearer token. */
  as(token: string, opts: InjectOptions): Promise<LightResponse>;
};

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  loginRateLimitPerMinute: 1000,
  webDist: '/nonexistent-web-dist',
  redisUrl: undefined,
  logLevel: (process.env.TEST_LOG_LEVEL as AppConfig['logLevel']) ?? 'silent',
  // No background poll of the outbox: its statements would land in the counts of other tests; tests call run().
  outboxPollMs: 0,
  ...overrides,
});

/** One migrated, seeded database and app per test file, closed after the file's tests. */
export async function setupTestApp(
  overrides: Partial<AppConfig> = {},
  opts: {
    prepare?: (app: FastifyInstance) => void;
    logQuery?: (query: string) => void;
    /** How the empty database is filled: the demo tenants and accounts unless told (e.g. `seedFirstStart`). */
    seed?: (db: Db, password: string) => Promise<unknown>;
  } = {},
): Promise<TestContext> {
  // The run's global setup migrated (and seeded) once: each file starts from a copy, seeded by its own seed if any.
  const start = inject('testDatabases');
  const from = start?.kind === dbKind ? (opts.seed ? start.migrated : start.seeded) : undefined;
  const pgdb = dbKind === 'postgres' ? await freshPostgres(from) : undefined;
  const database = await openDatabase({
    databaseUrl: pgdb?.url,
    loadDataDir: from && dbKind === 'pglite' ? new Blob([readFileSync(from)]) : undefined,
    logQuery: opts.logQuery,
  });
  await database.migrate();
  if (!from || opts.seed) await (opts.seed ?? seedDemo)(database.db, DEMO_PASSWORD);
  const app = await buildApp(testConfig(overrides), database);
  opts.prepare?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await pgdb?.drop();
  });
  let signIns = 0;
  return {
    app,
    database,
    async token(email, password = DEMO_PASSWORD) {
      // Each sign-in from its own documentation address, so only the test about it meets the per-IP limit.
      signIns += 1;
      const res = await app.inject({
        method: 'POST',
        url: '/backend/api/auth/sign-in',
        remoteAddress: `198.51.100.${signIns % 250}`,
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return (res.json() as TSignInResponse).token;
    },
    as: (token, opts) => app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }),
  };
}

/** Fixtures and checks across tenants, in an explicit platform transaction like the app's own platform work. */
/**
 * Counts the SQL statements the app runs while a function runs (for "independent of the line count" tests): give
 * its `logQuery` to setupTestApp. `matching` counts only the statements whose text it matches, so that work the app
 * does in the background meanwhile (a pool runs it beside the test) does not land in the count.
 */
export function statementCounter() {
  let counting = false;
  let statements = 0;
  let matching: RegExp | undefined;
  return {
    logQuery: (query: string) => {
      if (counting && (!matching || matching.test(query))) statements += 1;
    },
    async count<T>(run: () => Promise<T>, only?: RegExp): Promise<{ result: T; statements: number }> {
      statements = 0;
      matching = only;
      counting = true;
      try {
        const result = await run();
        return { result, statements };
      } finally {
        counting = false;
      }
    },
  };
}

export const platformRows = <T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> =>
  withPlatform(db, (tx) => queryRows<T>(tx, query));

/** A user's id by e-mail, whatever the tenant. */
export const userIdOf = async (db: Db, email: string) =>
  (await platformRows<{ id: number }>(db, sql`select id from users where email = ${email}`))[0]!.id;

/** A multipart/form-data body with one file in the field `file`, for app.inject. */
export function multipartFile(filename: string, content: Buffer | string, type = 'application/octet-stream') {
  const boundary = `----tagstock${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls on the API (`/backend/api` + url) as a signed-in user: `call` answers the response, `ok` expects a 200 and
 * answers its body (a `D` unless told otherwise). `token()` names the user of a call that names none; it is read at
 * each call, since a test file signs in after it is loaded.
 */
export function apiCalls<D = unknown>(ctx: Pick<TestContext, 'as'>, token: () => string) {
  const call = (method: Method, url: string, payload?: object, as = token()) =>
    ctx.as(as, { method, url: `/backend/api${url}`, ...(payload ? { payload } : {}) });
  const ok = async <T = D>(method: Method, url: string, payload?: object, as?: string): Promise<T> => {
    const res = await call(method, url, payload, as);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  return { call, ok };
}

type Ok = ReturnType<typeof apiCalls>['ok'];

/** An Impinj exit gate of the caller's tenant (antenna 1 inside, 2 outside): its id and one-time secret. */
export const exitGate = (ok: Ok, name: string, location: string) =>
  ok<{ id: number; secret: string }>('POST', '/readers', {
    name,
    vendor: 'impinj',
    location,
    role: 'exit_gate',
    antennas: [
      { port: 1, side: 'inner' },
      { port: 2, side: 'outer' },
    ],
  });

/**
 * Posts to the Impinj route, as the gate of `secret`, one batch of the items of `epcs` walking out one after another
 * (5 s apart: the inner antenna, then the outer one 2 s later), the first `startMsAgo` ms ago. Expects a 200.
 */
export async function impinjWalkOuts(
  ctx: Pick<TestContext, 'app'>,
  secret: string,
  epcs: readonly string[],
  startMsAgo = 60_000,
) {
  const read = (epcHex: string, antennaPort: number, ms: number) => ({
    timestamp: new Date(Date.now() - startMsAgo + ms).toISOString(),
    hostname: 'impinj-test-gate',
    eventType: 'tagInventory',
    tagInventoryEvent: { epcHex, antennaPort, peakRssiCdbm: -5000 },
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/backend/api/ingest/impinj',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    payload: JSON.stringify(epcs.flatMap((e, i) => [read(e, 1, i * 5000), read(e, 2, i * 5000 + 2000)])),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A user of the administrator's tenant whose new role holds just `permissions` (App_Type Web): answers its token.
 * For "a user without the permission" checks.
 */
export async function userWithPermissions(
  ctx: Pick<TestContext, 'as' | 'token'>,
  adminToken: string,
  email: string,
  permissions: string[],
): Promise<string> {
  const { ok } = apiCalls(ctx, () => adminToken);
  const role = await ok<{ id: number }>('POST', '/roles', { name: `Rôle ${email}` });
  await ok('POST', `/roles/${role.id}/permissions`, { permissions });
  const password = `${email}-pw-1`;
  await ok('POST', '/users', {
    name: email,
    email,
    roleId: role.id,
    App_Type: 'Web',
    password,
    confirmation: password,
  });
  return ctx.token(email, password);
}
