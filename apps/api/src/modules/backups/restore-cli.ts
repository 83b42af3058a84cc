// `npm run restore -- <archive> [--force] [--check]`: restores a backup into DATA_DIR (PGlite) or DATABASE_URL
// (PostgreSQL, pg_restore); --check only verifies the archive.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { checkArchive, restoreArchive, type RestoreSummary } from './restore';
import type { Manifest } from './manifest';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const describe = (m: Manifest) =>
  `made by Tagstock ${m.appVersion} at ${m.createdAt} (${m.trigger}), ${m.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} ` +
  `${m.database.serverVersion}, migration ${m.database.migration.tag}, ${m.entries.filter((e) => e.type === 'file').length} files`;

function report(archive: string, target: string, s: RestoreSummary) {
  const files = s.files.filter((f) => f.count > 0);
  const fileCount = files.reduce((n, f) => n + f.count, 0);
  const fileBytes = files.reduce((n, f) => n + f.bytes, 0);
  const lines = [
    `Restored ${archive} into ${target} in ${(s.durationMs / 1000).toFixed(1)} s`,
    `  archive: ${describe(s.manifest)}`,
    `  migrations applied now: ${s.migrated.length ? s.migrated.join(', ') : 'none (the archive was up to date)'}`,
    `  tenants: ${s.tenants}`,
    `  documents: ${s.documents.map((d) => `${d.label} ${d.count}`).join(', ')}`,
    `  stored files: ${fileCount} (${mib(fileBytes)})${files.length ? ' — ' : ''}${files
      .map((f) => `${f.table}.${f.column} ${f.count} (${mib(f.bytes)})`)
      .join(', ')}`,
    `  JWT secret file: ${{ restored: 'restored from the archive', kept: 'the one in DATA_DIR kept', none: 'none (JWT_SECRET set, or none at backup time)' }[s.jwtSecret]}`,
  ];
  console.log(lines.join('\n'));
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new Error('Usage: npm run restore -- <archive.tar.gz> [--force] [--check]');
  const archive = resolve(positionals[0]!);
  if (values.check) {
    const manifest = await checkArchive(archive);
    console.log(`${archive}: every checksum matches; ${describe(manifest)}`);
    return;
  }
  const config = loadConfig(process.env, { generateSecret: false });
  const summary = await restoreArchive({
    archive,
    force: values.force,
    target: config.databaseUrl
      ? { kind: 'postgres', dataDir: config.dataDir, databaseUrl: config.databaseUrl, pgBinDir: config.backup.pgBinDir }
      : { kind: 'pglite', dataDir: config.dataDir },
    open: async ({ dataDir }) => {
      // Read again: the restore may have put the archive's JWT secret file (the app role's password) in DATA_DIR.
      const c = loadConfig(process.env, { generateSecret: false });
      return openDatabase(
        dataDir
          ? { dataDir }
          : { databaseUrl: c.databaseUrl, appDatabaseUrl: c.databaseAppUrl, appPassword: c.databaseAppPassword },
      );
    },
  });
  report(archive, config.databaseUrl ? 'DATABASE_URL' : config.dataDir, summary);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`Restore failed: ${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
