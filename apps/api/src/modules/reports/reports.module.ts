import { sql } from 'drizzle-orm';
import {
  listOf,
  reportSchema,
  ZIdParams,
  ZOk,
  ZReportHistoryItem,
  ZReportHistoryQuery,
  ZReportRename,
  ZReportRunInput,
  ZReportRunResponse,
  ZReportSchema,
  ZReportTries,
  type TReportHistoryItem,
  type TReportHistoryQuery,
  type TReportQuery,
  type TReportRunResponse,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { callerTenant, tenantScope, type AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { sendFile, sheetLang } from '../../platform/import-export';
import { paginate, type ListSpec } from '../../platform/pagination';
import { buildRegistry } from './registry';
import { REPORT_MEASURE_DECLARATIONS } from './report-measures';
import { reportXlsx } from './report-xlsx';
import { reportPages, reportTries, runReport, type RunOptions } from './reports.service';

const columns = sql`r.id, r.name, r.query, r.row_count as "rowCount", r.source, r.question,
  ${isoUtc(sql`r.created_at`)} as "createdAt", u.name as "createdByName", ${isoUtc(sql`r.last_run_at`)} as "lastRunAt"`;
// Authors named only among the tenant's own users.
const from = sql`from reports r left join users u on u.id = r.created_by and u.tenant_id = r.tenant_id`;

function historySpec(tenantId: number, q: TReportHistoryQuery): ListSpec {
  return {
    columns,
    from,
    where: [sql`r.tenant_id = ${tenantId}`, ...(q.source ? [sql`r.source = ${q.source}`] : [])],
    search: [sql`r.name`, sql`r.question`],
    sort: { createdAt: sql`r.created_at`, lastRunAt: sql`r.last_run_at`, name: sql`r.name` },
    defaultSort: 'createdAt:desc',
    tieBreaker: sql`r.id`,
  };
}

const findOne = async (tx: Tx, tenantId: number, id: number) =>
  (
    await queryRows<TReportHistoryItem>(
      tx,
      sql`select ${columns} ${from} where r.id = ${id} and r.tenant_id = ${tenantId}`,
    )
  )[0];

/**
 * Reports (DESIGN §4c): the semantic layer's schema, running a structured query, the history (rerun, rename,
 * download as XLSX, delete) and the natural-language tries left. Running is reading (`reports.read`, which also
 * keeps the run in the history); renaming and deleting are `reports.write`.
 */
export function reportsModule(db: Db, opts: Pick<RunOptions, 'timeoutMs'> = {}) {
  const registry = buildRegistry(REPORT_MEASURE_DECLARATIONS);
  const scoped = tenantScope(db);
  const stored = (auth: AuthContext, id: number) =>
    scoped(auth, async (tx, tenantId) => (await findOne(tx, tenantId, id)) ?? Promise.reject(notFound('report')));

  const service = {
    registry,
    /** Runs a query and keeps it in the history (source `builder` unless told). */
    run: async (
      auth: AuthContext,
      query: TReportQuery,
      lang: 'fr' | 'en',
      origin: { source: 'builder' | 'question'; question?: string | null } = { source: 'builder' },
    ): Promise<TReportRunResponse> => {
      const tenantId = callerTenant(auth);
      const result = await runReport(db, registry, tenantId, query, { ...opts, lang });
      const [row] = await scoped(auth, (tx) =>
        queryRows<{ id: number }>(
          tx,
          sql`insert into reports (tenant_id, query, row_count, source, question, created_by)
              values (${tenantId}, ${JSON.stringify(query)}::jsonb, ${result.rowCount}, ${origin.source},
                ${origin.question ?? null}, ${auth.userId})
              returning id`,
        ),
      );
      return { ...result, historyId: row!.id };
    },
    rerun: async (auth: AuthContext, id: number, lang: 'fr' | 'en'): Promise<TReportRunResponse> => {
      const item = await stored(auth, id);
      const result = await runReport(db, registry, callerTenant(auth), item.query, { ...opts, lang });
      await scoped(auth, (tx, tenantId) =>
        tx.execute(
          sql`update reports set row_count = ${result.rowCount}, last_run_at = now()
              where id = ${id} and tenant_id = ${tenantId}`,
        ),
      );
      return { ...result, historyId: id };
    },
    history: (auth: AuthContext, q: TReportHistoryQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TReportHistoryItem>(tx, historySpec(tenantId, q), q)),
    rename: (auth: AuthContext, id: number, name: string) =>
      scoped(auth, async (tx, tenantId) => {
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`update reports set name = ${name}, updated_at = now() where id = ${id} and tenant_id = ${tenantId}
              returning id`,
        );
        if (!rows.length) throw notFound('report');
        return (await findOne(tx, tenantId, id))!;
      }),
    remove: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`delete from reports where id = ${id} and tenant_id = ${tenantId} returning id`,
        );
        if (!rows.length) throw notFound('report');
        return { ok: true as const };
      }),
    xlsx: async (auth: AuthContext, id: number, lang: 'fr' | 'en') => {
      const item = await stored(auth, id);
      // Read page by page (up to REPORT_XLSX_ROWS_MAX rows), not cut at the preview's limit.
      const { head, pages } = await reportPages(db, registry, callerTenant(auth), item.query, { ...opts, lang });
      const name = item.name ?? `report-${item.id}`;
      return { name, stream: reportXlsx(head, pages, lang, name) };
    },
    tries: (auth: AuthContext) => scoped(auth, (tx, tenantId) => reportTries(tx, tenantId)),
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('reports.read');
    const write = app.requirePermission('reports.write');
    const tags = ['reports'];
    app.get(
      '/reports/schema',
      {
        schema: {
          tags,
          operationId: 'getReportSchema',
          summary: 'Get the report measures, dimensions and synonyms',
          response: { 200: ZReportSchema },
        },
        preHandler: read,
      },
      async () => reportSchema(),
    );
    app.post(
      '/reports/run',
      {
        schema: {
          tags,
          operationId: 'runReport',
          summary: 'Run a report query and keep it in the history',
          body: ZReportRunInput,
          response: { 200: ZReportRunResponse },
        },
        preHandler: read,
      },
      (req) =>
        service.run(
          req.auth,
          req.body.query,
          sheetLang(req),
          req.body.question ? { source: 'question', question: req.body.question } : { source: 'builder' },
        ),
    );
    app.get(
      '/reports/history',
      {
        schema: { tags, querystring: ZReportHistoryQuery, response: { 200: listOf(ZReportHistoryItem) } },
        preHandler: read,
      },
      (req) => service.history(req.auth, req.query),
    );
    app.get(
      '/reports/tries',
      {
        schema: {
          tags,
          operationId: 'getReportTries',
          summary: 'Get the natural-language tries left this month',
          response: { 200: ZReportTries },
        },
        preHandler: read,
      },
      (req) => service.tries(req.auth),
    );
    app.patch(
      '/reports/:id',
      {
        schema: {
          tags,
          operationId: 'renameReport',
          summary: 'Rename a report of the history',
          params: ZIdParams,
          body: ZReportRename,
          response: { 200: ZReportHistoryItem },
        },
        preHandler: write,
      },
      (req) => service.rename(req.auth, req.params.id, req.body.name),
    );
    app.post(
      '/reports/:id/run',
      {
        schema: {
          tags,
          operationId: 'rerunReport',
          summary: 'Run a report of the history again',
          params: ZIdParams,
          response: { 200: ZReportRunResponse },
        },
        preHandler: read,
      },
      (req) => service.rerun(req.auth, req.params.id, sheetLang(req)),
    );
    app.get(
      '/reports/:id/xlsx',
      {
        schema: {
          tags,
          operationId: 'downloadReportXlsx',
          summary: 'Download a report of the history as XLSX',
          params: ZIdParams,
        },
        preHandler: read,
      },
      async (req, reply) => {
        const { name, stream } = await service.xlsx(req.auth, req.params.id, sheetLang(req));
        stream.on('error', (err) => req.log.error({ err }, 'report xlsx failed'));
        // The name is the user's: only safe characters go into the header.
        return sendFile(reply, 'xlsx', name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'report', stream);
      },
    );
    app.delete(
      '/reports/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: write },
      (req) => service.remove(req.auth, req.params.id),
    );
  };
  return { service, routes };
}
