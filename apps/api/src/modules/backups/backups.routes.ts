import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBackupStatus } from '@tagstock/contract';
import { AppError, notFound } from '../../platform/errors';
import { BackupBusyError } from './backup-lock';
import type { BackupService } from './backup-service';
import { BACKUP_SECRET_HEADER, INTERNAL_BACKUP_PATH } from './data-dir-owner';

/** The super admin's view of the backups (every tenant's data is in them: never a tenant's). */
export const backupsRoutes: FastifyPluginAsyncZod<{ service: BackupService }> = async (app, { service }) => {
  app.get(
    '/platform/backups',
    {
      schema: { tags: ['backups'], response: { 200: ZBackupStatus } },
      preHandler: app.requireSuperAdmin,
    },
    () => service.status(),
  );
  app.post(
    '/platform/backups',
    {
      schema: { tags: ['backups'], response: { 200: ZBackupStatus } },
      preHandler: app.requireSuperAdmin,
    },
    async (request) => {
      const status = await service.status();
      if (status.running) throw busy();
      // Answered at once; the screen follows the run through GET (running, then the new archive or the failure).
      service.run('manual').catch((err: unknown) => {
        if (err instanceof BackupBusyError) request.log.warn({ err: err.message }, 'backup already running');
      });
      return service.status();
    },
  );
};

const busy = () => new AppError(409, 'backup_running', 'A backup is already running');

/**
 * How `npm run backup` asks the running server (the only process that may open its PGlite folder) for a backup:
 * a request from this machine (loopback, or the server's own address), never through a proxy, carrying the
 * secret of this run that the server wrote in DATA_DIR. Anything else is a plain 404. The answer streams one JSON
 * line per phase, then the result or the error.
 */
export function internalBackupRoute(app: FastifyInstance, service: BackupService, secret: string) {
  const expected = Buffer.from(secret);
  const allowed = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[BACKUP_SECRET_HEADER] ?? ''));
    const socket = request.raw.socket;
    const remote = socket.remoteAddress ?? '';
    const local = isLoopback(remote) || remote === socket.localAddress;
    return (
      local &&
      request.headers['x-forwarded-for'] === undefined &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  };
  app.post(INTERNAL_BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) throw notFound('Route');
    const out = new PassThrough();
    const line = (value: object) => out.write(`${JSON.stringify(value)}\n`);
    service
      .run('command', { onProgress: (p) => line({ progress: p }) })
      .then(
        (result) => line({ result: { ...result, manifest: undefined } }),
        (err: Error & { code?: string }) =>
          line({ error: { message: err.message, code: err.code ?? 'backup_failed' } }),
      )
      .finally(() => out.end());
    return reply.type('application/x-ndjson').header('cache-control', 'no-store').send(out);
  });
}

function isLoopback(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}
