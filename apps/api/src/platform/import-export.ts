import { z } from 'zod';
import {
  ZExportQuery,
  ZImportReport,
  type TImportError,
  type TImportReport,
  type TListQuery,
  type TResource,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db, type Tx } from '../db/client';
import { sql } from 'drizzle-orm';
import { callerTenant } from './auth';
import { AppError } from './errors';
import { listSql, type ListSpec } from './pagination';
import { exportStream, readSheet, type SheetColumn, type SheetRow } from './spreadsheet';
import { readUpload } from './uploads';

const EXPORT_PAGE = 5000;

export type ImportContext<L> = { tx: Tx; tenantId: number; userId: number; lookups: L };

export type ImportExportSpec<TInput, L = undefined> = {
  path: string;
  resource: TResource;
  /** File name stem of exports. */
  name: string;
  columns: SheetColumn[];
  /** The list query whose current view is exported (search and sort as in the table). */
  list(tenantId: number, q: TListQuery): ListSpec;
  /** Columns of the export row, selected from the list's FROM (names must match `columns` keys). */
  exportColumns: ReturnType<typeof sql>;
  schema: z.ZodType<TInput>;
  /** Loads what rows refer to by name (categories, suppliers…) once per import. */
  lookups(tx: Tx): Promise<L>;
  /** Turns a sheet row into the schema's input; returns column errors for names that do not resolve. */
  toInput(
    values: SheetRow,
    lookups: L,
  ): { input: Record<string, unknown>; errors: { column: string; message: string }[] };
  /** The row's identity in the file and in the database (reference, name…), compared case-insensitively. */
  key(input: TInput): string;
  keyColumn: string;
  /** Writes all rows in the caller's transaction: updates by key, creates the rest. */
  apply(ctx: ImportContext<L>, rows: TInput[]): Promise<{ created: number; updated: number }>;
};

async function* pagesOf(tx: Tx, spec: ListSpec, columns: ReturnType<typeof sql>, q: TListQuery) {
  const { where, orderBy } = listSql(spec, q);
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${columns} ${spec.from} ${where} ${orderBy} limit ${EXPORT_PAGE} offset ${offset}`,
    );
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE) return;
  }
}

/** Validates every row of a file; nothing is written unless every row is valid. */
async function validate<TInput, L>(
  spec: ImportExportSpec<TInput, L>,
  rows: { line: number; values: SheetRow }[],
  lookups: L,
) {
  const errors: TImportError[] = [];
  const valid: TInput[] = [];
  const seen = new Map<string, number>();
  const missing = spec.columns
    .filter((c) => c.key === spec.keyColumn)
    .filter((c) => rows.length && !(c.key in rows[0]!.values));
  if (missing.length) errors.push({ line: 1, column: spec.keyColumn, message: 'missing column' });
  for (const { line, values } of rows) {
    const { input, errors: refErrors } = spec.toInput(values, lookups);
    refErrors.forEach((e) => errors.push({ line, ...e }));
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ line, column: String(issue.path[0] ?? ''), message: issue.message });
      continue;
    }
    const key = spec.key(parsed.data).toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, column: spec.keyColumn, message: `duplicate of line ${first}` });
      continue;
    }
    seen.set(key, line);
    if (!refErrors.length) valid.push(parsed.data);
  }
  return { errors, valid };
}

const MAX_REPORTED_ERRORS = 500;
const ROLLBACK = new Error('preview rollback');

/** Export of the current table view and import (preview, then apply in one transaction) for one resource. */
export function importExportRoutes<TInput, L>(db: Db, spec: ImportExportSpec<TInput, L>): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [spec.name];
    app.get(
      `${spec.path}/export`,
      { schema: { tags, querystring: ZExportQuery }, preHandler: app.requirePermission(`${spec.resource}.read`) },
      async (req, reply) => {
        const tenantId = callerTenant(req.auth);
        const q = { ...req.query, page: 1, limit: 1 };
        const listSpec = spec.list(tenantId, q);
        listSql(listSpec, q); // rejects a bad sort before the download starts
        const format = req.query.format;
        // One transaction for the whole stream: a consistent snapshot, scoped to the tenant.
        let finish = () => {};
        const done = new Promise<void>((resolve) => (finish = resolve));
        const ready = new Promise<Tx>((resolve, reject) => {
          withTenant(db, tenantId, async (t) => {
            resolve(t);
            await done;
          }).catch((err: unknown) => {
            reject(err);
            req.log.error({ err }, 'export failed');
          });
        });
        const stream = exportStream(format, spec.columns, pagesOf(await ready, listSpec, spec.exportColumns, q));
        stream.on('close', finish);
        stream.on('error', finish);
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .type(
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', `attachment; filename="${spec.name}-${date}.${format}"`)
          .send(stream);
      },
    );

    app.post(
      `${spec.path}/import`,
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
          response: { 200: ZImportReport },
        },
        preHandler: app.requirePermission(`${spec.resource}.write`),
      },
      async (req): Promise<TImportReport> => {
        const tenantId = callerTenant(req.auth);
        const { filename, data } = await readUpload(req);
        const rows = await readSheet(filename, data);
        const dryRun = req.query.dryRun === 'true';
        const preview: { report?: TImportReport } = {};
        return withTenant(db, tenantId, async (tx) => {
          const lookups = await spec.lookups(tx);
          const { errors, valid } = await validate(spec, rows, lookups);
          const report = {
            rows: rows.length,
            created: 0,
            updated: 0,
            errors: errors.slice(0, MAX_REPORTED_ERRORS),
            applied: false,
          };
          if (dryRun) {
            // The preview really applies the valid rows, counts, then rolls the transaction back.
            preview.report = {
              ...report,
              ...(await spec.apply({ tx, tenantId, userId: req.auth.userId, lookups }, valid)),
            };
            throw ROLLBACK;
          }
          if (errors.length) {
            throw new AppError(
              400,
              'import_invalid',
              `${errors.length} row error(s): nothing was imported`,
              errors
                .slice(0, MAX_REPORTED_ERRORS)
                .map((e) => ({ field: `line ${e.line}: ${e.column}`, message: e.message })),
            );
          }
          const counts = await spec.apply({ tx, tenantId, userId: req.auth.userId, lookups }, valid);
          return { ...report, ...counts, applied: true };
        }).catch((err: unknown) => {
          if (err === ROLLBACK && preview.report) return preview.report;
          throw err;
        });
      },
    );
  };
}
