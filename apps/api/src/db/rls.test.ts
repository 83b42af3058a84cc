import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbKind, platformRows, setupTestApp } from '../test/helper';
import { freshPostgres } from '../test/postgres';
import { APP_ROLE, openDatabase, PLATFORM_ROLE, queryRows, withPlatform, withTenant } from './client';

const ctx = await setupTestApp();
const db = ctx.database.db;

const tenantIds = async () =>
  Object.fromEntries(
    (await platformRows<{ id: number; name: string }>(db, sql`select id, name from tenants`)).map((r) => [
      r.name,
      r.id,
    ]),
  ) as Record<'Demo' | 'Acme', number>;

type TableRls = { table: string; enabled: boolean; forced: boolean; policies: string[] };

describe('row-level security in the catalogue', () => {
  it('forces row-level security with a tenant policy on every table that has a tenant_id', async () => {
    // From the catalogue, not from a list in code: a new tenant table that forgets its policy fails here.
    const tables = await queryRows<TableRls>(
      db,
      sql`select c.relname as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            coalesce((select array_agg(p.polname || ' to ' ||
                        (select string_agg(case when r = 0 then 'public' else r::regrole::text end, ',')
                           from unnest(p.polroles) r) || ': ' ||
                        pg_get_expr(p.polqual, p.polrelid) || ' / ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''))
                      from pg_policy p where p.polrelid = c.oid), '{}') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                          and not a.attisdropped)
          order by 1`,
    );
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['articles', 'roles', 'tag_movements', 'users']));
    // The tenant policy for everyone, and a platform policy for tagstock_platform only (withPlatform).
    const expected = [
      'platform_access to tagstock_platform: true / true',
      'tenant_isolation to public: (tenant_id = app_tenant_id()) / (tenant_id = app_tenant_id())',
    ];
    const unprotected = tables.filter(
      (t) => !t.enabled || !t.forced || JSON.stringify([...t.policies].sort()) !== JSON.stringify(expected),
    );
    expect(unprotected).toEqual([]);
  });
});

describe('scopes', () => {
  it('a tenant transaction sees its tenant only; a platform transaction sees every tenant', async () => {
    const { Demo, Acme } = await tenantIds();
    const tenantSeen = await withTenant(db, Acme, (tx) =>
      queryRows<{ t: number }>(tx, sql`select distinct tenant_id as t from articles`),
    );
    expect(tenantSeen).toEqual([{ t: Acme }]);
    const platformSeen = await withPlatform(db, (tx) =>
      queryRows<{ t: number }>(tx, sql`select distinct tenant_id as t from articles order by 1`),
    );
    expect(platformSeen.map((r) => r.t).sort()).toEqual([Demo, Acme].sort());
    const tenantsSeen = await withTenant(db, Acme, (tx) => queryRows<{ id: number }>(tx, sql`select id from tenants`));
    expect(tenantsSeen).toEqual([{ id: Acme }]);
  });

  it('fails closed: as the app role with neither scope, a query sees no tenant row', async () => {
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      return queryRows<Record<string, number>>(
        tx,
        sql`select (select count(*)::int from articles) as articles, (select count(*)::int from users) as users,
              (select count(*)::int from tenants) as tenants, (select count(*)::int from readers) as readers`,
      );
    });
    expect(counts).toEqual([{ articles: 0, users: 0, tenants: 0, readers: 0 }]);
  });

  it('a tenant transaction cannot write another tenant’s rows', async () => {
    const { Demo, Acme } = await tenantIds();
    await expect(
      withTenant(db, Demo, (tx) =>
        tx.execute(sql`insert into categories (tenant_id, name) values (${Acme}, 'Intrus')`),
      ),
    ).rejects.toThrow();
    const [row] = await platformRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from categories where name = 'Intrus'`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('the runtime connection', () => {
  it('is the app role, not superuser, owning no table — on PostgreSQL for the whole session', async () => {
    const [session] = await queryRows<{ user: string; superuser: boolean; owned: number }>(
      db,
      sql`select current_user as user, (select rolsuper from pg_roles where rolname = current_user) as superuser,
            (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and pg_has_role(current_user, c.relowner, 'USAGE')) as owned`,
    );
    // PGlite is embedded and superuser only: there the app role is taken per transaction (below).
    expect(session).toEqual(
      dbKind === 'postgres'
        ? { user: APP_ROLE, superuser: false, owned: 0 }
        : { user: 'postgres', superuser: true, owned: expect.any(Number) },
    );
    const [inTx] = await withPlatform(db, (tx) =>
      queryRows<{ user: string; superuser: boolean; bypass: boolean }>(
        tx,
        sql`select current_user as user, rolsuper as superuser, rolbypassrls as bypass from pg_roles
            where rolname = current_user`,
      ),
    );
    expect(inTx).toEqual({ user: PLATFORM_ROLE, superuser: false, bypass: false });
  });

  it('RESET ROLE or SET ROLE NONE inside a tenant transaction does not reveal another tenant on PostgreSQL', async () => {
    const { Demo } = await tenantIds();
    for (const escape of [sql`reset role`, sql`set role none`]) {
      const seen = await withTenant(db, Demo, async (tx) => {
        await tx.execute(escape);
        return queryRows<{ t: number }>(tx, sql`select distinct tenant_id as t from roles`);
      });
      // On PGlite the session is the superuser, so the hard guarantee is PostgreSQL's (docs/decisions.md).
      if (dbKind === 'postgres') expect(seen).toEqual([{ t: Demo }]);
      else expect(seen.length).toBe(2);
    }
  });
});

if (dbKind === 'postgres') {
  describe('opening PostgreSQL', () => {
    it('refuses a runtime connection that could bypass row-level security (the owner)', async () => {
      const pgdb = await freshPostgres();
      const database = await openDatabase({ databaseUrl: pgdb.url, appDatabaseUrl: pgdb.url });
      try {
        await expect(database.migrate()).rejects.toThrow(/can bypass row-level security/);
      } finally {
        await database.close();
        await pgdb.drop();
      }
    });
  });
}
