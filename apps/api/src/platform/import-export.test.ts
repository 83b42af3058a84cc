import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, withPlatform, withTenant } from '../db/client';
import { articleListSpec } from '../modules/articles/articles.repository';
import { setupTestApp } from '../test/helper';
import { exportPageSql } from './import-export';

// Long enough for the stalled test's readiness probe on a loaded machine, short enough for the cut-off test. The
// readiness route (a database ping) is the probe: the health route answers without the database.
const ctx = await setupTestApp({ exportIdleTimeoutMs: 5000, readyTimeoutMs: 10_000 });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
const db = ctx.database.db;
// Row-level security is forced on PostgreSQL: test data is read and written in a platform transaction.
const platform = <T>(query: SQL) => withPlatform(db, (tx) => queryRows<T>(tx, query));
const admin = () => ctx.token('admin@demo.test');

const SUPPLIERS = 8000;
// 8,000 rows of 3 KB: far more than the socket buffers hold, so a client that stops reading stalls the export.
await platform(sql`insert into suppliers (tenant_id, name, address, city)
  select t.id, 'Export ' || lpad(g::text, 5, '0'), repeat('x', 3000),
    case when g % 7 = 0 then null else 'Ville ' || (g % 13) end
  from generate_series(1, ${SUPPLIERS}) g, (select id from tenants where name = 'Demo') t`);

/** A raw HTTP/1.1 GET that reads until `stall` says stop, then pauses once; `resume` reads the rest. */
function rawGet(path: string, token: string, stall: (received: number) => boolean) {
  const socket = connect((ctx.app.server.address() as AddressInfo).port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let received = 0;
  let paused = false;
  let onStall: () => void = () => {};
  const stalled = new Promise<void>((resolve) => (onStall = resolve));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
    if (!paused && stall(received)) {
      paused = true;
      socket.pause();
      onStall();
    }
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
  return {
    stalled,
    closed,
    received: () => received,
    resume: () => socket.resume(),
    body: () => Buffer.concat(chunks),
  };
}

/** The body of an HTTP/1.1 response as received (chunked or not). */
function httpBody(raw: Buffer): string {
  const head = raw.indexOf('\r\n\r\n');
  let rest = raw.subarray(head + 4);
  if (!/transfer-encoding: chunked/i.test(raw.subarray(0, head).toString('latin1'))) return rest.toString('utf8');
  const parts: Buffer[] = [];
  for (;;) {
    const nl = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, nl).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts).toString('utf8');
    parts.push(rest.subarray(nl + 2, nl + 2 + size));
    rest = rest.subarray(nl + 2 + size + 2);
  }
}

/** Resolves when the server side of the next request closes, telling whether its response was complete. */
const nextResponseClosed = () =>
  new Promise<boolean>((resolve) =>
    ctx.app.server.once('request', (_req, res) => res.once('close', () => resolve(res.writableFinished))),
  );

describe('export to a slow client', () => {
  it('serves other requests while a client stalls, then delivers every row once in the list order', async () => {
    const acme = await ctx.token('admin@acme.test');
    const client = rawGet(
      '/backend/api/suppliers/export?format=csv&sort=city:desc',
      await admin(),
      (n) => n >= 128 * 1024,
    );
    await client.stalled;
    const ready = await fetch(`${base}/backend/ready`);
    expect(ready.status).toBe(200);
    const other = await fetch(`${base}/backend/api/suppliers?limit=1`, {
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(other.status).toBe(200);
    client.resume();
    await client.closed;
    expect(client.received()).toBeGreaterThan(SUPPLIERS * 3000);

    const lines = httpBody(client.body())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    const names = lines.map((l) => l.split(',')[0]);
    // Keyset paging across pages, with ties and nulls (sorted last when descending), as the list orders them.
    const expected = await platform<{ name: string }>(
      sql`select s.name from suppliers s join tenants t on t.id = s.tenant_id where t.name = 'Demo'
          order by s.city desc nulls last, s.id`,
    );
    expect(names).toEqual(expected.map((r) => r.name));
  });

  it('exports nulls first when ascending, every row once in the list order', async () => {
    const res = await fetch(`${base}/backend/api/suppliers/export?format=csv&sort=city:asc`, {
      headers: { authorization: `Bearer ${await admin()}` },
    });
    expect(res.status).toBe(200);
    const names = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    const expected = await platform<{ name: string }>(
      sql`select s.name from suppliers s join tenants t on t.id = s.tenant_id where t.name = 'Demo'
          order by s.city asc nulls first, s.id`,
    );
    expect(names).toEqual(expected.map((r) => r.name));
  });

  it('reads a page of the default article export along an index, from the last key on, without sorting', async () => {
    const [demo] = await platform<{ id: number }>(sql`select id from tenants where name = 'Demo'`);
    const q = { page: 1, limit: 1, sort: 'reference:asc' };
    const page = exportPageSql(articleListSpec(demo!.id, q), sql`a.reference`, q, 'value', {
      value: 'EPI-CAS-01',
      id: 1,
    });
    // The test data is small: without these the planner would rightly scan and sort it whole.
    const plan = await withTenant(db, demo!.id, async (tx) => {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${page}`);
      const json = row!['QUERY PLAN'];
      return JSON.stringify(typeof json === 'string' ? JSON.parse(json) : json);
    });
    expect(plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
    expect(plan).toMatch(/"Index Cond":"[^"]*reference >= /);
  });

  it('cuts off a client that reads nothing', async () => {
    const serverSide = nextResponseClosed();
    const client = rawGet('/backend/api/suppliers/export?format=csv', await admin(), () => true);
    await client.stalled;
    expect(await serverSide).toBe(false);
    client.resume();
    await client.closed;
    expect(client.received()).toBeLessThan(SUPPLIERS * 3000);
    expect((await fetch(`${base}/backend/ready`)).status).toBe(200);
  });
});

const supplierCsv = (prefix: string, count: number, boomAt?: number) =>
  [
    'name,city',
    ...Array.from({ length: count }, (_, i) => `${i + 1 === boomAt ? 'BOOM' : `${prefix} ${i + 1}`},Lyon`),
  ].join('\n');

const importFile = async (csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'suppliers.csv');
  return fetch(`${base}/backend/api/suppliers/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await admin()}` },
    body: form,
  });
};

const countLike = async (pattern: string) =>
  (await platform<{ n: number }>(sql`select count(*)::int as n from suppliers where name like ${pattern}`))[0]!.n;

describe('import of a large file', () => {
  it('commits chunk by chunk, so a readiness request (a database ping) completes while the import still runs', async () => {
    const rows = 20_000;
    let done = false;
    const importing = importFile(supplierCsv('Chunked', rows)).then((res) => {
      done = true;
      return res;
    });
    // Rows of the file visible before the import answers: it does not hold one transaction throughout.
    let written = 0;
    while (written === 0) {
      await new Promise((r) => setTimeout(r, 20));
      written = await countLike('Chunked %');
    }
    expect(written).toBeLessThan(rows);
    expect((await fetch(`${base}/backend/ready`)).status).toBe(200);
    expect(done).toBe(false);
    const res = await importing;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rows, created: rows, updated: 0, applied: true });
  });

  it('answers a clear partial import when a later chunk fails, and a second run completes it', async () => {
    // A failure only the database sees (validation passed): a trigger refusing one name.
    await ctx.database.owner.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'BOOM' then raise exception 'refused'; end if; return new; end $$`);
    await ctx.database.owner.execute(
      sql`create trigger refuse_boom before insert on suppliers for each row execute function refuse_boom()`,
    );
    const csv = supplierCsv('Partial', 600, 400);
    const res = await importFile(csv);
    expect(res.status).toBe(409);
    const problem = (await res.json()) as { code: string; detail: string };
    expect(problem.code).toBe('import_partial');
    // Chunks are sized by time: the one holding row 400 (line 401) fails, the chunks before it stay written.
    const [, written, lastLine, from, to] = problem.detail
      .match(/^Partial import: (\d+) row\(s\) up to line (\d+) were written .*lines (\d+)–(\d+) and after/)!
      .map(Number);
    expect(written).toBeLessThan(400);
    expect(lastLine).toBe(written! + 1);
    expect(from).toBe(written! + 2);
    expect(to).toBeGreaterThanOrEqual(401);
    expect(await countLike('Partial %')).toBe(written);

    await ctx.database.owner.execute(sql`drop trigger refuse_boom on suppliers`);
    const again = await importFile(csv);
    expect(await again.json()).toMatchObject({ rows: 600, created: 600 - written!, updated: written, applied: true });
  });
});
