import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client';

/** Key of the transaction advisory lock that keeps two processes from migrating one database at once. */
const MIGRATION_LOCK_KEY = 7_251_031_338;

/**
 * Applies the journal's migrations that the database has not recorded, in the journal's order, in one
 * transaction; answers their tags. drizzle's own migrators apply only the migrations whose journal time is after
 * the newest one recorded, but this journal's times are not in order (0012–0020 carry round times ahead of
 * 0021 and later): a database migrated before a later migration existed — an older install, a restored backup —
 * would never get it. Each applied migration records its own journal time (drizzle's table and rows, unchanged),
 * so "recorded" is exact whatever the order.
 */
export async function migrateFolder(db: Db, migrationsFolder: string): Promise<string[]> {
  const tags = journalTags(migrationsFolder);
  // Every start but the first: one query finds the journal's migrations all recorded, and nothing else is done.
  if (await allRecorded(db, [...tags.keys()])) return [];
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const res = (await tx.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { created_at: string | number | null }[];
    };
    const applied = new Set(res.rows.map((r) => Number(r.created_at)));
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.folderMillis)) continue;
      for (const statement of m.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
      );
      done.push(tags.get(m.folderMillis) ?? String(m.folderMillis));
    }
    return done;
  });
}

/** Whether every journal time is recorded; false too when drizzle's table does not exist yet (an empty database). */
async function allRecorded(db: Db, whens: number[]): Promise<boolean> {
  try {
    const res = (await db.execute(
      sql`select count(distinct created_at)::int as n from drizzle.__drizzle_migrations
          where created_at = any(${`{${whens.join(',')}}`}::bigint[])`,
    )) as unknown as { rows: { n: number }[] };
    return res.rows[0]?.n === whens.length;
  } catch {
    return false;
  }
}

function journalTags(migrationsFolder: string): Map<number, string> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}
