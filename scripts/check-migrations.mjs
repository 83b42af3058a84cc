// Fails when the drizzle schema and the migrations disagree: `npm run db:generate` on a clean tree must write
// nothing. drizzle-kit generates into a copy of the migrations, so the tree is never touched.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
