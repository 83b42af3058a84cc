import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, APP_VERSION, ZHealth, ZReady } from '@tagstock/contract';
import { DEFAULT_REDIS_PREFIX, type Config } from './config';
import { pingWithin, type Database } from './db/client';
import { authPlugin, dashboardAppOnly } from './platform/auth';
import { AppError, errorHandler, problem, sendProblem } from './platform/errors';
import { issuedPdfJob, type KeepsIssuedPdf } from './platform/documents/issued-pdfs';
import { createOutbox, type Outbox } from './platform/outbox/outbox';
import { swaggerOptions } from './platform/openapi';
import { EXPORT_IDLE_TIMEOUT_S } from './platform/import-export';
import { createRealtime, type Realtime } from './platform/realtime';
import { connectRedis, rateLimitStore } from './platform/redis';
import { securityHeaders } from './platform/security-headers';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { passwordResetService } from './modules/auth/password-reset';
import { smtpMailer } from './platform/mail';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { reservationsModule } from './modules/reservations/reservations.module';
import { reportsAskModule } from './modules/reports/ask/ask.routes';
import { reportsModule } from './modules/reports/reports.module';
import * as documentModules from './modules/document-modules';
import { receivedInvoicesModule } from './modules/received-invoices/received-invoices.module';
import { einvoicingModule } from './modules/einvoicing/einvoicing.module';
import { tenantExportModule } from './modules/tenant-export/tenant-export.module';
import { activityLogModule } from './modules/activity-log/activity-log.module';
import { articlesModule } from './modules/articles/articles.module';
import { categoriesModule } from './modules/categories/categories.module';
import { companyModule } from './modules/company/company.module';
import { customersModule } from './modules/customers/customers.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { paymentModesModule } from './modules/payment-modes/payment-modes.module';
import { reasonsModule } from './modules/reasons/reasons.module';
import { rolesModule } from './modules/roles/roles.module';
import { suppliersModule } from './modules/suppliers/suppliers.module';
import { usersModule } from './modules/users/users.module';
import { rfidModule } from './modules/rfid/rfid.module';
import { ingestModule } from './modules/ingest/ingest.module';
import { startMqtt } from './modules/ingest/mqtt-client';
import { createMqttHandler } from './modules/ingest/mqtt-handler';
import { createRetention } from './modules/ingest/retention';
import { createWebhookRetention } from './modules/webhooks/webhooks-retention';
import { createReaderStatus } from './modules/ingest/reader-status';
import { createBackupService } from './modules/backups/backup-service';
import { backupsRoutes, internalBackupRoute } from './modules/backups/backups.routes';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { secretBox } from './platform/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** The job storing the PDFs of issued documents that lack theirs; `run()` runs it now (tests). */
    issuedPdfs: ReturnType<typeof issuedPdfJob>;
    /** What leaves once its transaction commits (the approved platform, webhooks); `run()` sends now (tests). */
    outbox: Outbox;
    /** The approved platform: settings, and the reading of incoming flows (`receiving.poll`, tests). */
    einvoicing: ReturnType<typeof einvoicingModule>;
  }
}

export type AppConfig = Pick<Config, 'jwtSecret' | 'loginRateLimitPerMinute' | 'webDist' | 'redisUrl' | 'logLevel'> &
  Partial<
    Pick<
      Config,
      | 'mqttUrl'
      | 'exportIdleTimeoutMs'
      | 'trustedProxies'
      | 'redisPrefix'
      | 'secretsKey'
      | 'publicUrl'
      | 'paSimulator'
      | 'webhookAllowPrivate'
      | 'llmUrl'
      | 'llmModel'
      | 'llmApiKey'
      | 'mail'
    >
  > & {
    /** Where the log goes (stdout when unset); tests read it. */
    logStream?: DestinationStream;
    /** Backups (BACKUP_*, DATA_DIR, DATABASE_URL); unset: no schedule, archives in ./backups. */
    backups?: Pick<Config, 'backup' | 'dataDir' | 'databaseUrl'>;
    /** How often the outbox worker looks for what is due; 0 (API tests): only when a message is queued. */
    outboxPollMs?: number;
    /** The secret through which `npm run backup` asks this server for a backup (PGlite; see data-dir-owner.ts). */
    backupControlSecret?: string;
    /** How long `/backend/ready` waits for the database's answer before it answers 503 (READY_TIMEOUT_MS). */
    readyTimeoutMs?: number;
  };

/** `/backend/ready`'s wait for the database: a load balancer's probe usually gives up after 5 s or so. */
export const READY_TIMEOUT_MS = 2_000;

const BODY_LIMIT = 1024 * 1024;
const UPLOAD_LIMIT = 20 * 1024 * 1024;

/** Builds the whole server without listening: main.ts listens, tests call app.inject. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from the configured proxies: anyone else could pick their address.
    trustProxy: config.trustedProxies?.length ? config.trustedProxies : false,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', '*.password', '*.token'],
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
  }).withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  securityHeaders(app);

  await app.register(fastifySwagger, swaggerOptions(app));
  await app.register(fastifySwaggerUi, { routePrefix: '/backend/docs' });
  const redisPrefix = config.redisPrefix ?? DEFAULT_REDIS_PREFIX;
  // Several processes: rate limits, sign-in failures and session invalidations are shared through Redis.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, redisPrefix, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  // Not global: it costs throughput on every route; only sign-in and ingestion opt in.
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { store: rateLimitStore(redis) } : {}) });
  await app.register(authPlugin, { db, secret: config.jwtSecret, redis });
  // Uploads (images, import files) have their own limit, above the JSON body limit.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10 } });

  const realtime = await createRealtime(app.server, {
    verifyToken: (token) => app.verifyToken(token),
    tokenExpiresAt: (token) => app.tokenExpiresAt(token),
    redisUrl: config.redisUrl,
    redisPrefix,
    log: app.log,
  });
  app.decorate('realtime', realtime);
  app.decorate('exportIdleTimeoutMs', config.exportIdleTimeoutMs ?? EXPORT_IDLE_TIMEOUT_S * 1000);
  // Signing out everywhere, a password change, disabling or a new role close the user's open sockets too.
  app.sessions.onChange((userId) => realtime.recheck(userId));
  app.addHook('onClose', async () => {
    await realtime.close().catch(() => undefined);
  });

  // Readers silent past their timeout go offline (reader-disconnect); the state lives in the database.
  const readerStatus = createReaderStatus(db, realtime, app.log);
  app.decorate('readerStatus', readerStatus);
  app.addHook('onReady', async () => readerStatus.start());
  app.addHook('onClose', async () => readerStatus.stop());
  // De-duplication state and idempotency keys are kept only as long as they can matter.
  const retention = createRetention(db, app.log);
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', async () => retention.stop());
  // Webhook deliveries that are over leave their endpoint's log after 30 days.
  const webhookRetention = createWebhookRetention(db, app.log);
  app.addHook('onReady', async () => webhookRetention.start());
  app.addHook('onClose', async () => webhookRetention.stop());
  // Scheduled backups (BACKUP_SCHEDULE) and the super admin's view of them.
  const backups = createBackupService(database, backupSettings(config), app.log);
  app.addHook('onReady', async () => backups.start());
  app.addHook('onClose', () => backups.stop());
  if (config.backupControlSecret) internalBackupRoute(app, backups, config.backupControlSecret);

  // Liveness: the process answers, whatever its database does (a load balancer restarts nothing over a slow query).
  app.get('/backend/health', { schema: { tags: ['platform'], response: { 200: ZHealth } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, version: APP_VERSION, uptimeS: Math.floor(process.uptime()) };
  });
  // Readiness: the database answers a ping within a short timeout, else 503 (take this instance out of rotation).
  const readyTimeoutMs = config.readyTimeoutMs ?? READY_TIMEOUT_MS;
  app.get('/backend/ready', { schema: { tags: ['platform'], response: { 200: ZReady } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await pingWithin(db, readyTimeoutMs)))
      throw new AppError(503, 'database_unavailable', `The database did not answer within ${readyTimeoutMs} ms`);
    return { status: 'ok' as const, database: 'up' as const, version: APP_VERSION };
  });
  app.get('/meta.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: APP_VERSION };
  });

  // Messages to the approved platform and webhook deliveries, sent after their transaction commits.
  const outbox = createOutbox(db, app.log, { pollMs: config.outboxPollMs ?? 2_000 });
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.close());

  // Issued documents whose legal PDF is not stored yet (a stop right after an issue, issued before PDFs were kept).
  const keptPdfs: KeepsIssuedPdf[] = [];
  const issuedPdfs = issuedPdfJob(db, keptPdfs, app.log);
  app.decorate('issuedPdfs', issuedPdfs);
  app.addHook('onReady', async () => issuedPdfs.start());
  app.addHook('onClose', () => issuedPdfs.close());

  await app.register(
    async (api) => {
      const authService = createAuthService({
        db,
        signToken: (id, v) => app.signToken(id, v),
        sessions: app.sessions,
        redis,
      });
      const resets = passwordResetService(db, app.sessions, {
        mail: config.mail && { mailer: smtpMailer(config.mail), publicUrl: config.mail.publicUrl },
        log: app.log,
      });
      await api.register(authRoutes, {
        service: authService,
        resets,
        loginPerMinute: config.loginRateLimitPerMinute,
      });
      const ingest = ingestModule(db, app.realtime);
      if (config.mqttUrl) {
        const mqtt = startMqtt(config.mqttUrl, createMqttHandler(db, ingest.service, readerStatus), app.log);
        app.addHook('onClose', () => mqtt.close());
      }
      // The approved platform: its webhook is public (signed), the rest is the dashboard's.
      const received = receivedInvoicesModule(db);
      const einvoicing = einvoicingModule(db, {
        outbox,
        secretsKey: config.secretsKey ?? config.jwtSecret,
        ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
        documents: keptPdfs,
        received: received.service,
        log: app.log,
        realtime: app.realtime,
      });
      app.decorate('einvoicing', einvoicing);
      app.addHook('onReady', async () => {
        einvoicing.receiving.start();
        void einvoicing.settings.subscribeAll();
      });
      app.addHook('onClose', async () => einvoicing.receiving.stop());
      await api.register(einvoicing.webhookRoutes);
      // Readers and handheld terminals (mobile accounts included) use these; the rest is the web dashboard's.
      for (const routes of [ingest.routes].flat()) await api.register(routes);
      await api.register(async (dashboard) => {
        dashboard.addHook('onRoute', (route) => {
          route.preHandler = [route.preHandler ?? []].flat().concat(dashboardAppOnly);
        });
        await dashboard.register(tenantsRoutes, { db, resets });
        await dashboard.register(backupsRoutes, { service: backups });
        // Every document type (modules/document-modules.ts), with the legal PDFs it keeps.
        const documents = Object.values(documentModules).map((documentModule) => documentModule(db));
        for (const m of documents) if ('keptPdfs' in m) keptPdfs.push(...m.keptPdfs);
        const modules = [
          suppliersModule(db),
          categoriesModule(db),
          reasonsModule(db),
          customersModule(db),
          paymentModesModule(db),
          companyModule(db),
          articlesModule(db),
          usersModule(db, app.sessions),
          rolesModule(db, app.sessions),
          activityLogModule(db),
          dashboardModule(db),
          rfidModule(db),
          ...documents,
          reservationsModule(db),
          reportsModule(db),
          reportsAskModule(db, { url: config.llmUrl, model: config.llmModel, apiKey: config.llmApiKey, log: app.log }),
          received,
          einvoicing,
          tenantExportModule(db, keptPdfs),
          webhooksModule(db, {
            outbox: app.outbox,
            secrets: secretBox(config.secretsKey ?? config.jwtSecret),
            realtime: app.realtime,
            allowPrivate: config.webhookAllowPrivate ?? false,
            log: app.log,
          }),
        ];
        for (const m of modules) for (const routes of [m.routes].flat()) await dashboard.register(routes);
      });
    },
    { prefix: API_BASE },
  );

  const indexHtml = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // One wildcard route: the explicit /meta.json route above wins, misses fall through to the SPA handler.
      wildcard: true,
      index: ['index.html'],
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, path) =>
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/backend');
    if (!isApi && hasWeb && request.method === 'GET' && !request.url.startsWith('/assets/')) {
      // SPA fallback: client routes are served index.html.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, problem(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });

  return app;
}

/** What the backups need of the configuration; without it (tests) nothing is scheduled and ./backups is read. */
function backupSettings(config: AppConfig) {
  const given = config.backups;
  return {
    ...(given?.backup ?? {
      dir: resolve('backups'),
      times: null,
      timeZone: 'Europe/Paris',
      keep: { daily: 7, weekly: 4, monthly: 12 },
      pgBinDir: undefined,
    }),
    dataDir: given?.dataDir ?? resolve('data'),
    databaseUrl: given?.databaseUrl,
  };
}
