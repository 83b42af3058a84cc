import './db/pglite-engine-early';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { TEMPLATE_FILE } from './db/template';
import { seedFirstStart } from './seed/seed-documents';
import { buildApp } from './app';
import { warmUpValidator } from './platform/facturx/validate';
import { warmUpRenderer } from './platform/pdf/render-pool';
import { claimDataDir } from './modules/backups/data-dir-owner';
import { connectDemoToSimulator } from './seed/seed-platform';
import { startPaSimulator } from '../../../tools/pa-simulator/src/server';
import { startDemoReaders, type DemoReaders } from './seed/demo-readers';

async function main() {
  const config = loadConfig();
  // PGlite is this process's alone: refused while another process (an offline backup, a restore) has the folder.
  const claim = config.databaseUrl ? undefined : claimDataDir(config.dataDir, 'server');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    appDatabaseUrl: config.databaseAppUrl,
    appPassword: config.databaseAppPassword,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    // A new data folder is laid out from the migrated empty database the build wrote beside the bundle, if any.
    template: fileURLToPath(new URL(`./${TEMPLATE_FILE}`, import.meta.url)),
  });
  await database.migrate();
  const seed = await seedFirstStart(database.db, config.demoPassword);
  // The local approved platform, in this process, with the demo tenants connected to it.
  const simulator = config.paSimulator ? await startPaSimulator({ stepMs: 1000 }) : undefined;
  if (simulator) await connectDemoToSimulator(database.db, simulator, config.secretsKey);
  const app = await buildApp(
    {
      ...config,
      backups: { backup: config.backup, dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      backupControlSecret: claim?.owner.secret,
    },
    database,
  );
  let readers: DemoReaders | undefined;
  app.addHook('onClose', async () => {
    await readers?.stop();
    await simulator?.close();
    await database.close();
    claim?.release();
  });

  if (seed.generatedPassword) {
    // Printed once, at the first start on an empty database.
    console.log(`\nDemo accounts created. Password for every demo account: ${seed.generatedPassword}\n`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (claim && address && typeof address === 'object') claim.listening({ host: address.address, port: address.port });
  if (config.demoReaders && address && typeof address === 'object') {
    // The simulated readers post to this server as real ones would, on its loopback when it listens on every address.
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    const server = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    readers = await startDemoReaders({ db: database.db, server, readerStatus: app.readerStatus, log: app.log });
    if (readers) app.log.info({ server }, 'DEMO_READERS: simulated readers post to this server');
  }
  // The PDF and Factur-X workers load in their own threads, after listening: the first invoice PDF or received
  // invoice after a start does not wait for them, and nothing else waits meanwhile.
  void Promise.all([warmUpRenderer(), warmUpValidator()]).then(
    ([pdf, facturx]) =>
      app.log.info({ pdfMs: pdf.ms, facturxMs: facturx.ms, facturxHeapMb: facturx.heapMb }, 'workers warm'),
    (err: unknown) => app.log.warn({ err }, 'warming the workers failed; they start on first use'),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
