// `npm start` runs this first: it builds what is missing or older than its sources, so the server always
// serves the current code. The web app is bundled by Vite; the API is bundled by esbuild into one ES module
// (dependencies stay in node_modules), which starts several times faster than compiling TypeScript on the fly.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}
const stale = (output, sources) => !existsSync(output) || Math.max(...sources.map(newest)) > statSync(output).mtimeMs;

const contract = 'packages/contract/src';
if (stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', contract])) {
  console.log('Building the web app…');
  execSync('npm run build', { stdio: 'inherit' });
}

const api = 'apps/api/dist/main.mjs';
if (stale(api, ['apps/api/src', 'tools/pa-simulator/src', 'tools/reader-sim/src', contract])) {
  console.log('Bundling the API…');
  const pkg = JSON.parse(readFileSync('apps/api/package.json', 'utf8'));
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => !d.startsWith('@tagstock/'));
  // Node ESM bundles, the packages left to node_modules.
  const bundle = (entry, outfile) =>
    build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: deps.flatMap((d) => [d, `${d}/*`]),
      logLevel: 'warning',
    });
  rmSync('apps/api/dist', { recursive: true, force: true });
  await bundle('apps/api/src/main.ts', api);
  // Migrations are read at start from beside the code; the backup worker runs as plain JavaScript beside it.
  cpSync('apps/api/src/db/migrations', 'apps/api/dist/migrations', { recursive: true });
  cpSync('apps/api/src/modules/backups/backup-thread.mjs', 'apps/api/dist/backup-thread.mjs');
  // The migrated empty database a new PGlite data folder starts from (apps/api/src/db/template.ts).
  await bundle('apps/api/src/db/write-template.ts', 'apps/api/dist/write-template.mjs');
  execSync(`"${process.execPath}" apps/api/dist/write-template.mjs`, { stdio: 'inherit' });
}
