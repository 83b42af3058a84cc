// `npm run backup`: one backup into BACKUP_DIR. PGlite: through the running server, which owns the data folder;
// with the server stopped, this command opens the folder itself. PostgreSQL: pg_dump, whether a server runs or not.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../../config';
import type { BackupLog, BackupProgress } from './backup-service';
import { BACKUP_SECRET_HEADER, claimDataDir, INTERNAL_BACKUP_PATH, liveOwner, type Owner } from './data-dir-owner';

type Outcome = {
  fileName: string;
  path: string;
  sizeBytes: number;
  durationMs: number;
  quietMs: number | null;
  removed: string[];
};

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

let lastPhase = '';
function progress(p: BackupProgress) {
  if (p.phase === lastPhase) return;
  lastPhase = p.phase;
  const text: Record<BackupProgress['phase'], string> = {
    checkpoint: 'checkpoint',
    copy: 'copying the database files (the server keeps working)',
    quiet: 'copying what changed meanwhile (queries wait)',
    dump: 'pg_dump',
    archive: 'writing the archive',
    retention: 'applying retention',
  };
  process.stderr.write(`… ${text[p.phase]}\n`);
}

const quietLog: BackupLog = { info: () => undefined, error: () => undefined };

async function offline(config: Config): Promise<Outcome> {
  const claim = config.databaseUrl ? undefined : claimDataDir(config.dataDir, 'backup');
  try {
    // Loaded here only: through the server, this command needs none of the database code.
    const { openDatabase } = await import('../../db/client');
    const { createBackupService } = await import('./backup-service');
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      appDatabaseUrl: config.databaseAppUrl,
      appPassword: config.databaseAppPassword,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    });
    try {
      const service = createBackupService(
        database,
        { ...config.backup, dataDir: config.dataDir, databaseUrl: config.databaseUrl },
        quietLog,
      );
      return await service.run('command', { onProgress: progress });
    } finally {
      await database.close();
    }
  } finally {
    claim?.release();
  }
}

/** Asks the server that owns the PGlite folder for a backup and follows its progress. */
function throughServer(owner: Owner): Promise<Outcome> {
  const address = owner.address!;
  const host = address.host === '0.0.0.0' || address.host === '::' ? '127.0.0.1' : address.host;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port: address.port,
        method: 'POST',
        path: INTERNAL_BACKUP_PATH,
        headers: { [BACKUP_SECRET_HEADER]: owner.secret },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`The server at ${host}:${address.port} refused the backup (HTTP ${res.statusCode})`));
        }
        let buffer = '';
        let outcome: Outcome | undefined;
        let failure: Error | undefined;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
            const line = JSON.parse(buffer.slice(0, i)) as {
              progress?: BackupProgress;
              result?: Outcome;
              error?: { message: string };
            };
            buffer = buffer.slice(i + 1);
            if (line.progress) progress(line.progress);
            if (line.result) outcome = line.result;
            if (line.error) failure = new Error(line.error.message);
          }
        });
        res.on('end', () =>
          outcome ? resolve(outcome) : reject(failure ?? new Error('The server ended the backup without a result')),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err) => reject(new Error(`The server at ${host}:${address.port} did not answer: ${err.message}`)));
    req.end();
  });
}

async function main() {
  const config = loadConfig(process.env, { generateSecret: false });
  let outcome: Outcome;
  if (config.databaseUrl) outcome = await offline(config);
  else {
    const owner = liveOwner(config.dataDir);
    if (owner?.role === 'server') {
      if (!owner.address || !owner.secret)
        throw new Error('The server is starting: run the backup again once it listens');
      process.stderr.write(`Backing up through the running server (process ${owner.pid})\n`);
      outcome = await throughServer(owner);
    } else {
      if (!owner && !existsSync(join(config.dataDir, 'PG_VERSION')))
        throw new Error(`No database in DATA_DIR (${config.dataDir}): nothing to back up`);
      process.stderr.write(`No server runs on ${config.dataDir}: opening it\n`);
      outcome = await offline(config);
    }
  }
  const quiet = outcome.quietMs === null ? '' : `, database quiet ${outcome.quietMs} ms`;
  console.log(
    `Backup written: ${outcome.path} (${mib(outcome.sizeBytes)}, ${(outcome.durationMs / 1000).toFixed(1)} s${quiet})`,
  );
  if (outcome.removed.length) console.log(`Retention removed: ${outcome.removed.join(', ')}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`Backup failed: ${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
