import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, inject } from 'vitest';
import { migrateFolder } from './migrate';
import { migrationsFolder, openDatabase, queryRows } from './client';
import { TEMPLATE_FILE, writeTemplate } from './template';

// A PGlite run's migrated dump is what the build writes as the template (the same files); a PostgreSQL run has
// none, so the test writes one as the build does.
const start = inject('testDatabases');

describe('a new data folder laid out from the template', () => {
  it('starts migrated, keeps what is written, and is opened again as it is (the template is not read again)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tagstock-template-'));
    const dataDir = join(folder, 'data');
    try {
      let template = join(folder, TEMPLATE_FILE);
      if (start?.kind === 'pglite') template = start.migrated;
      else await writeTemplate(template);
      const first = await openDatabase({ dataDir, template });
      expect(await migrateFolder(first.db, migrationsFolder)).toEqual([]);
      await first.db.execute(sql`insert into tenants (name) values ('Laid out')`);
      await first.close();

      // Reopened with a template that does not exist: the folder's own database, not a new one.
      const again = await openDatabase({ dataDir, template: join(dataDir, 'missing.tar') });
      expect(await migrateFolder(again.db, migrationsFolder)).toEqual([]);
      const rows = await queryRows<{ name: string }>(again.db, sql`select name from tenants`);
      expect(rows.map((r) => r.name)).toEqual(['Laid out']);
      await again.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
