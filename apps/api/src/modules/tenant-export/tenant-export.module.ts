import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TENANT_EXPORT_PERMISSION } from '@tagstock/contract';
import { queryRows, withTenant, type Db } from '../../db/client';
import { logActivity } from '../../platform/activity-log';
import { callerTenant } from '../../platform/auth';
import type { KeepsIssuedPdf } from '../../platform/documents/issued-pdfs';
import { TENANT_TIME_ZONE } from '../../platform/documents/numbering';
import { writeTenantExport } from './tenant-export.service';
import { ZipWriter } from './zip-writer';

/** The archive's name: the tenant's name in plain letters, and the day (Paris). */
function fileNameOf(tenantName: string, at: Date) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TENANT_TIME_ZONE }).format(at);
  const slug =
    tenantName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'tenant';
  return `tagstock-${slug}-${day}.zip`;
}

/**
 * `GET /tenant/export`: the caller's tenant's whole data as a ZIP streamed as it is written (see
 * tenant-export.service), for its administrators (TENANT_EXPORT_PERMISSION). Each export is written to the activity
 * log before the first byte. A failure midway cuts the connection, so that the client never takes a truncated
 * archive for a whole one.
 */
export function tenantExportModule(db: Db, kept: readonly KeepsIssuedPdf[]) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/tenant/export',
      {
        schema: {
          tags: ['tenant'],
          summary: 'All of the tenant’s data as a ZIP (CSV, XLSX, PDFs, received originals, README)',
          produces: ['application/zip'],
        },
        preHandler: app.requirePermission(TENANT_EXPORT_PERMISSION),
      },
      async (req, reply) => {
        const tenantId = callerTenant(req.auth);
        const exportedAt = new Date();
        const tenantName = await withTenant(db, tenantId, async (tx) => {
          await logActivity(tx, {
            tenantId,
            userId: req.auth.userId,
            entity: 'company',
            entityId: null,
            action: 'exported',
            summary: 'Export of all data',
          });
          const [t] = await queryRows<{ name: string }>(tx, sql`select name from tenants where id = ${tenantId}`);
          return t?.name ?? String(tenantId);
        });
        const zip = new ZipWriter();
        const stop = new AbortController();
        let finished = false;
        reply.raw.on('close', () => {
          if (finished) return;
          stop.abort();
          // An entry waiting for room in the output gives up at once.
          zip.abort();
        });
        // A client that reads nothing for this long is cut off (the socket's idle timer: no byte in or out).
        reply.raw.setTimeout(app.exportIdleTimeoutMs, () => {
          req.log.warn('tenant export cut off: the client stopped reading');
          reply.raw.destroy();
        });
        const started = Date.now();
        void writeTenantExport(db, tenantId, zip, kept, { tenantName, exportedAt }, stop.signal)
          .then(async (summary) => {
            await zip.finalize();
            finished = true;
            req.log.info(
              { tenantId, ms: Date.now() - started, bytes: zip.bytes, tables: summary.tables.length },
              'tenant export written',
            );
          })
          .catch((err: unknown) => {
            if (!stop.signal.aborted) req.log.error({ err, tenantId }, 'tenant export failed');
            zip.abort();
            reply.raw.destroy();
          });
        const name = fileNameOf(tenantName, exportedAt);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(zip.output);
      },
    );
  };
  return { routes };
}
