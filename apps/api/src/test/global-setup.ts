import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../seed/seed';
import { DEMO_PASSWORD, dbKind } from './helper';
import { freshPostgres } from './postgres';

/**
 * Where each test file's database starts from, migrated only or migrated and seeded with the demo: PGlite dumps'
 * files, or PostgreSQL template databases' names.
 */
export type TestDatabases = { kind: 'pglite' | 'postgres'; migrated: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabases;
  }
}

/**
 * Migrates and seeds once per run, not once per test file (opening, migrating and seeding an empty PGlite took
 * 8–20 s; loading a dump of it takes ~2 s): PGlite dumps in a temporary folder, or on PostgreSQL two template
 * databases that each file's database is copied from.
 */
export default async function setup(project: TestProject) {
  if (dbKind === 'postgres') {
    // The seeded template is a copy of the migrated one, seeded.
    const migrated = await freshPostgres();
    const owner = await openDatabase({ databaseUrl: migrated.url });
    await owner.migrate();
    await owner.close();
    const seeded = await freshPostgres(nameOf(migrated.url));
    const filled = await openDatabase({ databaseUrl: seeded.url });
    await seedDemo(filled.db, DEMO_PASSWORD);
    await filled.close();
    project.provide('testDatabases', { kind: 'postgres', migrated: nameOf(migrated.url), seeded: nameOf(seeded.url) });
    return async () => {
      await seeded.drop();
      await migrated.drop();
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'tagstock-test-db-'));
  const database = await openDatabase({});
  const dump = async (stage: string) => {
    const file = join(folder, `${stage}.tar`);
    writeFileSync(file, new Uint8Array(await (await database.pglite!.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  await database.migrate();
  const migrated = await dump('migrated');
  await seedDemo(database.db, DEMO_PASSWORD);
  const seeded = await dump('seeded');
  await database.close();
  project.provide('testDatabases', { kind: 'pglite', migrated, seeded });
  return () => rmSync(folder, { recursive: true, force: true });
}

const nameOf = (url: string) => new URL(url).pathname.slice(1);
