// Fails when the drizzle schema and the migrations disagree: `npm run db:generate` on a clean tree must write
// nothing. drizzle-kit generates into a copy of the migrations, so the tree is never touched.
// Also fails when a table with a `tenant_id` is not protected by `app_protect_tenant_table` (row-level security)
// in the migrations, or when a migration backfills a new permission by hand (a hand-counted number of
// permissions) instead of calling `app_grant_new_resource` (migration 0032).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const migrations = join(root, 'apps/api/src/db/migrations');
// Inside the tree and passed as a relative path: drizzle-kit prefixes `out` with './'.
const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const copy = mkdtempSync(join(cache, 'migrations-check-'));
try {
  cpSync(migrations, copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  const output = execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      'apps/api/src/db/schema.ts',
      '--out',
      relative(root, copy),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  const written = readdirSync(copy).filter((name) => !before.has(name));
  // drizzle-kit may exit 0 after an error: only its own "no changes" line counts as agreement.
  if (written.length === 0 && !/No schema changes/.test(output)) {
    console.error(`drizzle-kit did not compare the schema:\n${output}`);
    process.exitCode = 1;
  } else if (written.length > 0) {
    console.error(
      `The drizzle schema differs from the migrations: db:generate would write ${written.join(', ')}.\n` +
        'Run `npm run db:generate` and commit the migration (or fix the schema).',
    );
    process.exitCode = 1;
  } else {
    console.log('drizzle schema and migrations agree');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

/** The migrations' statements in the journal's order, with the migration each is in. */
function statements() {
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8'));
  return journal.entries.flatMap(({ tag }) =>
    readFileSync(join(migrations, `${tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((text) => ({ tag, text })),
  );
}

const GRANT_HELPER = '0032_grant_new_resource';
const problems = [];
const tenantTables = new Map();
const isProtected = new Set();
let helperSeen = false;
for (const { tag, text } of statements()) {
  const sql = text.replace(/--.*$/gm, '');
  for (const m of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?\s*\(([\s\S]*?)\);/gi))
    if (/(^|[\s(,"])tenant_id"?\s/i.test(m[2])) tenantTables.set(m[1], tag);
  for (const m of sql.matchAll(/ALTER TABLE "?(\w+)"? ADD COLUMN "?tenant_id"?/gi)) tenantTables.set(m[1], tag);
  for (const m of sql.matchAll(/DROP TABLE (?:IF EXISTS )?"?(\w+)"?/gi)) tenantTables.delete(m[1]);
  // 0012 protects every table that had a tenant_id then, from information_schema.
  if (/app_protect_tenant_table\(format\(/.test(sql)) for (const table of tenantTables.keys()) isProtected.add(table);
  for (const m of sql.matchAll(/app_protect_tenant_table\('(\w+)'\)/g)) isProtected.add(m[1]);
  if (tag === GRANT_HELPER) helperSeen = true;
  else if (helperSeen && /INSERT INTO role_permissions/i.test(sql) && /count\(/i.test(sql))
    problems.push(`${tag} backfills permissions by counting them: call app_grant_new_resource('<resource>') instead`);
}
for (const [table, tag] of tenantTables)
  if (!isProtected.has(table))
    problems.push(
      `${table} (${tag}) has a tenant_id but no SELECT app_protect_tenant_table('${table}') in the migrations`,
    );
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log(`every tenant table (${tenantTables.size}) is protected; no permission is backfilled by hand`);
}
