import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, withPlatform, withTenant } from '../../db/client';
import { apiCalls, exitGate, impinjWalkOuts, platformRows, setupTestApp, userWithPermissions } from '../../test/helper';

const ctx = await setupTestApp();
const api = '/backend/api';
type Movement = { id: number; epc: string; eventType: string; isAuthorized: boolean | null };
type Page = { items: Movement[]; total: number };

async function ok<T = Record<string, unknown>>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx.as(token, { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** A walk-out through an exit gate (inner antenna, then outer) as the Impinj webhook sends it, just now. */
const walkOut = (secret: string, epc: string) => impinjWalkOuts(ctx, secret, [epc], 2000);

async function gateWithTags(token: string, name: string, epcs: string[]) {
  const reader = await exitGate(apiCalls(ctx, () => token).ok, name, `${name} — sortie`);
  const article = await ok<{ id: number }>(token, 'POST', '/articles', {
    reference: `LOG-${name}`.toUpperCase().replace(/\W/g, '-'),
    designation: `Veste ${name}`,
    priceHt: '40',
    vatRate: '20',
    stockAlert: 0,
    initialQuantity: 5,
  });
  await ok(token, 'POST', '/tags/bind', { articleId: article.id, epcs });
  const [{ t: tenantId }] = (await platformRows<{ t: number }>(
    ctx.database.db,
    sql`select tenant_id as t from readers where id = ${reader.id}`,
  )) as [{ t: number }];
  return { reader, tenantId };
}

describe('tag logs filtered on one movement', () => {
  it('returns that movement only, never another tenant’s, and refuses a malformed id', async () => {
    const admin = await ctx.token('admin@demo.test');
    const acme = await ctx.token('admin@acme.test');
    const [first, second, acmeEpc] = [
      'CCCC00000000000000000001',
      'CCCC00000000000000000002',
      'CCCC00000000000000000003',
    ];
    const demo = await gateWithTags(admin, 'Quai logs', [first, second]);
    const other = await gateWithTags(acme, 'Acme logs', [acmeEpc]);
    await walkOut(demo.reader.secret, first);
    await walkOut(demo.reader.secret, second);
    await walkOut(other.reader.secret, acmeEpc);

    const logs = (token: string, tenantId: number, query: string) =>
      ctx.as(token, { method: 'GET', url: `${api}/redear/TagMouvement/${tenantId}?${query}` });
    const all = await ok<Page>(admin, 'GET', `/redear/TagMouvement/${demo.tenantId}?readerId=${demo.reader.id}`);
    expect(all.items.map((m) => [m.epc, m.eventType])).toEqual([
      [second, 'OUT'],
      [first, 'OUT'],
    ]);
    const target = all.items[1]!;

    const one = (await logs(admin, demo.tenantId, `movementId=${target.id}`)).json() as Page;
    expect(one.total).toBe(1);
    expect(one.items).toEqual([
      expect.objectContaining({
        id: target.id,
        epc: first,
        isAuthorized: false,
        authorizationReason: expect.objectContaining({ code: 'not_covered' }),
      }),
    ]);

    // Another tenant's movement id finds nothing in one's own logs; another tenant's logs are a 404.
    const [acmeMove] = (await ok<Page>(acme, 'GET', `/redear/TagMouvement/${other.tenantId}?search=${acmeEpc}`)).items;
    expect(acmeMove).toBeDefined();
    expect(((await logs(admin, demo.tenantId, `movementId=${acmeMove!.id}`)).json() as Page).total).toBe(0);
    expect(((await logs(acme, other.tenantId, `movementId=${target.id}`)).json() as Page).total).toBe(0);
    expect((await logs(acme, demo.tenantId, `movementId=${target.id}`)).statusCode).toBe(404);

    for (const bad of ['abc', '0', '-4', '1.5', '99999999999999999999']) {
      const res = await logs(admin, demo.tenantId, `movementId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('tags per family (the category tags widget)', () => {
  type Row = { familyId: number | null; familyName: string | null; inStock: number; out: number; unbound: number };
  it('counts each family’s tags in stock, out and unbound, for its own tenant only', async () => {
    const admin = await ctx.token('admin@demo.test');
    const family = await ok<{ id: number }>(admin, 'POST', '/tag-families', { name: 'Famille du tableau' });
    const empty = await ok<{ id: number }>(admin, 'POST', '/tag-families', { name: 'Famille sans tags' });
    const epcs = ['DDDD00000000000000000001', 'DDDD00000000000000000002', 'DDDD00000000000000000003'];
    const gate = await gateWithTags(admin, 'Quai familles', ['DDDD00000000000000000005']);
    const article = await ok<{ id: number }>(admin, 'POST', '/articles', {
      reference: 'FAM-TAB',
      designation: 'Veste famille',
      priceHt: '40',
      vatRate: '20',
      stockAlert: 0,
      initialQuantity: 5,
    });
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, familyId: family.id, epcs });
    await ok(admin, 'POST', '/tags', { epc: 'DDDD00000000000000000004', familyId: family.id });
    await walkOut(gate.reader.secret, epcs[0]!);

    const rows = await ok<Row[]>(admin, 'GET', `/dashboard/tags/by-family/${gate.tenantId}`);
    expect(rows.find((r) => r.familyId === family.id)).toEqual({
      familyId: family.id,
      familyName: 'Famille du tableau',
      inStock: 2,
      out: 1,
      unbound: 1,
      total: 4,
    });
    expect(rows.find((r) => r.familyId === empty.id)).toMatchObject({ inStock: 0, out: 0, unbound: 0, total: 0 });
    // Tags of no family (the gate's article's) make the last row.
    expect(rows.at(-1)).toMatchObject({ familyId: null, familyName: null });
    expect(rows.at(-1)!.inStock).toBeGreaterThanOrEqual(1);

    // Another tenant's families are not listed: the other tenant sees its own.
    const acme = await ctx.token('admin@acme.test');
    const acmeTenant = (
      await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = 'Acme'`)
    )[0]!.id;
    const acmeRows = await ok<Row[]>(acme, 'GET', `/dashboard/tags/by-family/${acmeTenant}`);
    expect(acmeRows.map((r) => r.familyId)).not.toContain(family.id);

    const get = (token: string, id: string | number) =>
      ctx.as(token, { method: 'GET', url: `${api}/dashboard/tags/by-family/${id}` });
    expect((await get(acme, gate.tenantId)).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '99999999999']) expect((await get(admin, bad)).statusCode, bad).toBe(400);
    const noDashboard = await userWithPermissions(ctx, admin, 'sans-tableau@demo.test', ['tags.read']);
    expect((await get(noDashboard, gate.tenantId)).statusCode).toBe(403);
    const reader = await userWithPermissions(ctx, admin, 'tableau-seul@demo.test', ['dashboard.read']);
    expect((await get(reader, gate.tenantId)).statusCode).toBe(200);
  });
});

describe('tags overview (the movements counted per day by the database)', () => {
  type Counts = { in: number; out: number; unknown: number; seen: number; unauthorized: number };
  type Overview = { movements: Counts; byDay: { date: string; in: number; out: number; unauthorized: number }[] };
  const tenantOf = async (name: string) =>
    (await platformRows<{ id: number }>(ctx.database.db, sql`select id from tenants where name = ${name}`))[0]!.id;
  const overview = (token: string, tenantId: number, from: string, to: string) =>
    ok<Overview>(token, 'GET', `/dashboard/tags/overview/${tenantId}?startDate=${from}&endDate=${to}`);
  /** The period's figures counted from the movements themselves, day by day (UTC), as a query of every movement. */
  async function counted(tenantId: number, from: string, to: string): Promise<Overview> {
    const days = await withTenant(ctx.database.db, tenantId, (tx) =>
      queryRows<Counts & { date: string }>(
        tx,
        sql`select to_char(d, 'YYYY-MM-DD') as date,
                   count(m.id) filter (where m.event_type = 'IN')::int as "in",
                   count(m.id) filter (where m.event_type = 'OUT')::int as "out",
                   count(m.id) filter (where m.event_type = 'unknown')::int as "unknown",
                   count(m.id) filter (where m.event_type = 'seen')::int as "seen",
                   count(m.id) filter (where m.is_authorized = false)::int as "unauthorized"
              from generate_series(${from}::date, ${to}::date, interval '1 day') d
              left join tag_movements m on m.tenant_id = ${tenantId}
               and m.seen_at >= d::date::timestamp at time zone 'UTC'
               and m.seen_at < (d::date + 1)::timestamp at time zone 'UTC'
             group by d order by d`,
      ),
    );
    const sum = (k: keyof Counts) => days.reduce((n, d) => n + d[k], 0);
    return {
      movements: {
        in: sum('in'),
        out: sum('out'),
        unknown: sum('unknown'),
        seen: sum('seen'),
        unauthorized: sum('unauthorized'),
      },
      byDay: days.map(({ date, in: i, out, unauthorized }) => ({ date, in: i, out, unauthorized })),
    };
  }
  const asTenant = (tenantId: number, statement: SQL) =>
    withTenant(ctx.database.db, tenantId, (tx) => tx.execute(statement));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('stays exact after inserts, updates and deletes of movements, the ingestion’s included', async () => {
    const admin = await ctx.token('admin@demo.test');
    const acmeAdmin = await ctx.token('admin@acme.test');
    const demo = await tenantOf('Demo');
    const acme = await tenantOf('Acme');
    const expectExact = async (token: string, tenantId: number, from: string, to: string) => {
      const answer = await overview(token, tenantId, from, to);
      expect(answer).toMatchObject(await counted(tenantId, from, to));
      return answer;
    };

    // Movements of a past period written in SQL: the period's first and last instants, one just outside each end.
    await asTenant(
      demo,
      sql`insert into tag_movements (tenant_id, event_type, epc, source, is_authorized, location, seen_at)
          values (${demo}, 'OUT', 'EEEE01', 'zebra', false, 'Quai jours', '2023-04-30T23:59:59.999Z'),
                 (${demo}, 'IN', 'EEEE02', 'zebra', null, 'Quai jours', '2023-05-01T00:00:00Z'),
                 (${demo}, 'OUT', 'EEEE03', 'zebra', false, 'Quai jours', '2023-05-01T08:00:00Z'),
                 (${demo}, 'OUT', 'EEEE04', 'zebra', true, 'Quai jours', '2023-05-02T08:00:00Z'),
                 (${demo}, 'unknown', 'EEEE05', 'zebra', null, 'Quai jours', '2023-05-02T09:00:00Z'),
                 (${demo}, 'seen', 'EEEE06', 'zebra', null, 'Quai jours', '2023-05-03T23:59:59.999Z'),
                 (${demo}, 'IN', 'EEEE07', 'zebra', null, 'Quai jours', '2023-05-04T00:00:00Z')`,
    );
    const before = await expectExact(admin, demo, '2023-05-01', '2023-05-03');
    expect(before.movements).toEqual({ in: 1, out: 2, unknown: 1, seen: 1, unauthorized: 1 });
    expect(before.byDay).toEqual([
      { date: '2023-05-01', in: 1, out: 1, unauthorized: 1 },
      { date: '2023-05-02', in: 0, out: 1, unauthorized: 0 },
      { date: '2023-05-03', in: 0, out: 0, unauthorized: 0 },
    ]);

    // Updates: the unknown becomes an unauthorized OUT, an authorized OUT is refused, an IN moves to another day,
    // a column that is not counted changes (nothing to count).
    await asTenant(demo, sql`update tag_movements set event_type = 'OUT', is_authorized = false where epc = 'EEEE05'`);
    await asTenant(demo, sql`update tag_movements set is_authorized = false where epc = 'EEEE04'`);
    await asTenant(demo, sql`update tag_movements set seen_at = '2023-05-03T12:00:00Z' where epc = 'EEEE02'`);
    await asTenant(demo, sql`update tag_movements set rssi = -40 where epc like 'EEEE%'`);
    const updated = await expectExact(admin, demo, '2023-05-01', '2023-05-03');
    expect(updated.movements).toEqual({ in: 1, out: 3, unknown: 0, seen: 1, unauthorized: 3 });
    expect(updated.byDay).toEqual([
      { date: '2023-05-01', in: 0, out: 1, unauthorized: 1 },
      { date: '2023-05-02', in: 0, out: 2, unauthorized: 2 },
      { date: '2023-05-03', in: 1, out: 0, unauthorized: 0 },
    ]);

    // Deletes, and one statement writing two tenants' movements (platform work, as seeding or a purge would).
    await asTenant(demo, sql`delete from tag_movements where epc in ('EEEE03', 'EEEE06')`);
    await withPlatform(ctx.database.db, (tx) =>
      tx.execute(sql`insert into tag_movements (tenant_id, event_type, epc, source, is_authorized, seen_at)
        select t, 'OUT', 'EEEE1' || t, 'zebra', false, '2023-05-02T10:00:00Z' from unnest(array[${demo}, ${acme}]::int[]) t`),
    );
    const deleted = await expectExact(admin, demo, '2023-05-01', '2023-05-03');
    expect(deleted.movements).toEqual({ in: 1, out: 3, unknown: 0, seen: 0, unauthorized: 3 });
    expect((await expectExact(acmeAdmin, acme, '2023-05-01', '2023-05-03')).movements.out).toBe(1);
    await withPlatform(ctx.database.db, (tx) => tx.execute(sql`delete from tag_movements where epc like 'EEEE1%'`));
    expect((await expectExact(acmeAdmin, acme, '2023-05-01', '2023-05-03')).movements.out).toBe(0);
    expect((await expectExact(admin, demo, '2023-05-01', '2023-05-03')).movements.out).toBe(2);
    // The longest period, and one without a movement.
    await expectExact(admin, demo, '2022-05-03', '2023-05-03');
    expect((await expectExact(admin, demo, '2023-06-01', '2023-06-02')).movements).toEqual({
      in: 0,
      out: 0,
      unknown: 0,
      seen: 0,
      unauthorized: 0,
    });

    // The ingestion's movements: a walk-out is written unknown, then becomes an OUT.
    const gate = await gateWithTags(admin, 'Quai jours', ['EEEE00000000000000000001', 'EEEE00000000000000000002']);
    const todayBefore = await expectExact(admin, demo, day(-1), day(0));
    await walkOut(gate.reader.secret, 'EEEE00000000000000000001');
    await walkOut(gate.reader.secret, 'EEEE00000000000000000002');
    const todayAfter = await expectExact(admin, demo, day(-1), day(0));
    expect(todayAfter.movements.out).toBe(todayBefore.movements.out + 2);
    expect(todayAfter.movements.unauthorized).toBe(todayBefore.movements.unauthorized + 2);

    // A truncation (by the owner) empties the counts too; rolled back here.
    const rollback = new Error('rollback');
    await expect(
      ctx.database.owner.transaction(async (tx) => {
        await tx.execute(sql`truncate tag_movements cascade`);
        const [left] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tag_movement_days`);
        expect(left!.n).toBe(0);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expectExact(admin, demo, '2023-05-01', '2023-05-03');
  });

  it('answers only its own tenant, and the dashboard readers', async () => {
    const admin = await ctx.token('admin@demo.test');
    const acmeAdmin = await ctx.token('admin@acme.test');
    const demo = await tenantOf('Demo');
    const get = (token: string, id: number | string) =>
      ctx.as(token, {
        method: 'GET',
        url: `${api}/dashboard/tags/overview/${id}?startDate=2023-05-01&endDate=2023-05-03`,
      });
    expect((await get(admin, demo)).statusCode).toBe(200);
    expect((await get(acmeAdmin, demo)).statusCode).toBe(404);
    const noDashboard = await userWithPermissions(ctx, admin, 'sans-apercu@demo.test', ['tags.read']);
    expect((await get(noDashboard, demo)).statusCode).toBe(403);
    // Nor does a user of one tenant read another's counts directly: row-level security hides them.
    const acme = await tenantOf('Acme');
    const seen = await withTenant(ctx.database.db, acme, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tag_movement_days where tenant_id = ${demo}`),
    );
    expect(seen[0]!.n).toBe(0);
  });
});
