import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUANTITY_MAX, type ErrorCode, type TSignInResponse } from '@tagstock/contract';
import { queryRows, withPlatform } from '../db/client';
import { setupTestApp } from '../test/helper';

// Everything the log writes, one JSON line each: the tests read what a database error leaves in it.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$aGFzaC1vZi10aGUtcGFzc3dvcmQ';

const ctx = await setupTestApp(
  { logLevel: 'warn', logStream },
  {
    // Routes that hit the database with values it refuses, as a slipped-through input would.
    prepare: (app) => {
      app.get('/backend/test/db-data-error', async () => queryRows(ctx.database.db, sql`select ${SECRET}::int as n`));
      app.get('/backend/test/db-overflow', async () =>
        queryRows(ctx.database.db, sql`select ${'9999999999'}::int as n`),
      );
      // Platform scope: the runtime role may write tenants only there (row-level security).
      app.get('/backend/test/db-not-null', async () =>
        withPlatform(ctx.database.db, (tx) =>
          queryRows(tx, sql`insert into tenants (name) values (${null}) returning id`),
        ),
      );
      app.get('/backend/test/db-other-error', async () =>
        queryRows(ctx.database.db, sql`select no_such_function(${SECRET}) as n`),
      );
    },
  },
);

const api = '/backend/api';
let admin = '';
let superAdmin = '';
let tenantId = '';
let articleId = 0;
let reasonId = 0;

const expectProblem = (res: LightMyRequestResponse, status: number, code: ErrorCode, field?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = res.json() as { code: string; errors?: { field: string }[] };
  expect(body.code).toBe(code);
  if (field) expect(body.errors?.map((e) => e.field)).toContain(field);
};
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
  ctx.as(token, {
    method,
    url: `${api}${url}`,
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });
const article = (over: Record<string, unknown> = {}) => ({
  reference: `BAD-${Math.random().toString(36).slice(2, 10)}`,
  designation: 'Gants de manutention',
  priceHt: '12.50',
  vatRate: '20',
  stockAlert: 0,
  ...over,
});

beforeAll(async () => {
  admin = await ctx.token('admin@demo.test');
  superAdmin = await ctx.token('super@tagstock.test');
  const me = await ctx.app.inject({
    method: 'POST',
    url: `${api}/auth/sign-in`,
    remoteAddress: '198.51.100.251',
    payload: { email: 'admin@demo.test', password: 'demo-password-1' },
  });
  tenantId = (me.json() as TSignInResponse).user.IDClient;
  const created = await call('POST', '/articles', article());
  expect(created.statusCode, created.body).toBe(200);
  articleId = (created.json() as { id: number }).id;
  const reasons = (await call('GET', '/reasons?limit=100')).json() as { items: { id: number; kind: string }[] };
  reasonId = reasons.items.find((r) => r.kind === 'increment')!.id;
});

describe('ids above the int32 range', () => {
  it('answers 400 for a path id, a query id and a body id, never 500', async () => {
    expectProblem(await call('GET', '/articles/2147483648'), 400, 'validation_failed', 'id');
    expectProblem(await call('GET', '/articles?supplierId=2147483648'), 400, 'validation_failed', 'supplierId');
    expectProblem(await call('GET', '/tags?articleId=99999999999999999999'), 400, 'validation_failed', 'articleId');
    expectProblem(
      await call('GET', '/dashboard/articles/summary/99999999999', undefined, superAdmin),
      400,
      'validation_failed',
      'id',
    );
    expectProblem(
      await call('POST', '/articles', article({ supplierId: 2147483648 })),
      400,
      'validation_failed',
      'supplierId',
    );
    expectProblem(
      await call('POST', `/articles/${articleId}/increment`, { quantity: 1, reasonId: 2147483648 }),
      400,
      'validation_failed',
      'reasonId',
    );
    // The largest id is still a plain miss.
    expectProblem(await call('GET', '/articles/2147483647'), 404, 'not_found');
  });
});

describe('NUL characters', () => {
  it.each(['/articles', '/suppliers', '/customers', '/categories', '/tags', '/logs', '/reasons', '/consumers'])(
    'refuses a NUL in the search of %s',
    async (list) => {
      expectProblem(await call('GET', `${list}?search=%00`), 400, 'validation_failed', 'search');
    },
  );

  it('refuses a NUL in body strings, on sign-in too', async () => {
    expectProblem(await call('POST', '/suppliers', { name: 'Acier\u0000Nord' }), 400, 'validation_failed', 'name');
    expectProblem(
      await call('POST', '/articles', article({ designation: 'x\u0000' })),
      400,
      'validation_failed',
      'designation',
    );
    const sign = await ctx.app.inject({
      method: 'POST',
      url: `${api}/auth/sign-in`,
      remoteAddress: '198.51.100.252',
      payload: { email: 'admin@demo.test\u0000', password: 'x' },
    });
    expectProblem(sign, 400, 'validation_failed', 'email');
  });
});

describe('impossible calendar dates', () => {
  it('names the field for a lot expiry, an attribution start, the tags overview and a Zebra timestamp', async () => {
    expectProblem(
      await call('POST', `/articles/${articleId}/lots`, { lotNumber: 'L-30F', quantity: 1, expiryDate: '2024-02-30' }),
      400,
      'validation_failed',
      'expiryDate',
    );
    expectProblem(
      await call('POST', '/attributions', { articleId, location: 'Atelier', startDate: '2024-02-30' }),
      400,
      'validation_failed',
      'startDate',
    );
    expectProblem(
      await call('GET', `/dashboard/tags/overview/${tenantId}?startDate=2024-02-30`),
      400,
      'validation_failed',
      'startDate',
    );
    const reader = await call('POST', '/readers', {
      name: 'Portique dates',
      vendor: 'zebra',
      location: 'Quai',
      role: 'exit_gate',
      antennas: [{ port: 1, side: 'inner' }],
    });
    const secret = (reader.json() as { secret: string }).secret;
    const zebra = await ctx.app.inject({
      method: 'POST',
      url: `${api}/ingest/zebra`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify([
        { type: 'SIMPLE', timestamp: '0000-01-01T00:00:00.000+0000', data: { idHex: '3074AAAA', antenna: 1 } },
      ]),
    });
    expectProblem(zebra, 400, 'validation_failed', '0.timestamp');
  });

  it('still accepts a real leap day', async () => {
    const res = await call('POST', `/articles/${articleId}/lots`, {
      lotNumber: 'L-29F',
      quantity: 1,
      expiryDate: '2024-02-29',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('numeric overflow', () => {
  it('refuses a price whose price incl. tax would not fit, and accepts the largest one that does', async () => {
    expectProblem(
      await call('POST', '/articles', article({ priceHt: '9999999999' })),
      400,
      'validation_failed',
      'priceHt',
    );
    expectProblem(await call('POST', '/articles', article({ vatRate: '100.01' })), 400, 'validation_failed', 'vatRate');
    const largest = await call('POST', '/articles', article({ priceHt: '999999999.99', vatRate: '100' }));
    expect(largest.statusCode, largest.body).toBe(200);
    expect((largest.json() as { priceTtc: string }).priceTtc).toBe('1999999999.98');
  });

  it('refuses quantities above the ceiling and a stock raised past it, never 500', async () => {
    expectProblem(
      await call('POST', `/articles/${articleId}/increment`, { quantity: 3e9, reasonId }),
      400,
      'validation_failed',
      'quantity',
    );
    expectProblem(
      await call('POST', '/articles', article({ stockAlert: 2 ** 31 })),
      400,
      'validation_failed',
      'stockAlert',
    );
    // The article starts at 0: the ceiling itself is reachable, one more is not.
    const fill = await call('POST', `/articles/${articleId}/increment`, { quantity: QUANTITY_MAX, reasonId });
    expect(fill.statusCode, fill.body).toBe(200);
    for (const quantity of [1, QUANTITY_MAX]) {
      const more = await call('POST', `/articles/${articleId}/increment`, { quantity, reasonId });
      expectProblem(more, 400, 'quantity_too_large', 'quantity');
    }
    // Nothing moved: the refused changes were rolled back.
    const after = (await call('GET', `/articles/${articleId}`)).json() as { quantity: number };
    expect(after.quantity).toBe(QUANTITY_MAX);
  });
});

describe('sort keys', () => {
  it.each(['__proto__:asc', 'constructor:asc', 'toString:desc', 'hasOwnProperty:asc'])(
    'refuses %s as an unknown sort field',
    async (sort) => {
      expectProblem(await call('GET', `/articles?sort=${sort}`), 400, 'invalid_sort', 'sort');
      expectProblem(await call('GET', `/suppliers?sort=${sort}`), 400, 'invalid_sort', 'sort');
    },
  );
});

describe('database errors behind the contract', () => {
  it('maps data errors to 400 and constraint errors to 409 with a stable code', async () => {
    expectProblem(await ctx.app.inject({ method: 'GET', url: '/backend/test/db-data-error' }), 400, 'invalid_data');
    expectProblem(await ctx.app.inject({ method: 'GET', url: '/backend/test/db-overflow' }), 400, 'invalid_data');
    expectProblem(
      await ctx.app.inject({ method: 'GET', url: '/backend/test/db-not-null' }),
      409,
      'constraint_violation',
    );
  });

  it('logs the code, constraint and table of a database error, never the query or its parameters', async () => {
    logLines.length = 0;
    expectProblem(await ctx.app.inject({ method: 'GET', url: '/backend/test/db-data-error' }), 400, 'invalid_data');
    expectProblem(await ctx.app.inject({ method: 'GET', url: '/backend/test/db-other-error' }), 500, 'internal_error');
    expectProblem(
      await ctx.app.inject({ method: 'GET', url: '/backend/test/db-not-null' }),
      409,
      'constraint_violation',
    );
    const entries = logLines.map((l) => JSON.parse(l) as { msg: string; db?: Record<string, unknown> });
    const dbEntries = entries.filter((e) => e.db);
    expect(dbEntries.map((e) => e.db!.code)).toEqual(['22P02', '42883', '23502']);
    expect(dbEntries[2]!.db).toMatchObject({ code: '23502', table: 'tenants' });
    const all = logLines.join('\n');
    expect(all).not.toContain('argon2');
    expect(all).not.toContain('no_such_function');
    expect(all).not.toMatch(/select|insert/i);
  });
});
