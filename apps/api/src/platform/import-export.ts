import type { z } from 'zod';
import {
  ZExportQuery,
  ZImportQuery,
  ZImportReport,
  ZImportTemplateQuery,
  type TImportError,
  type TImportRejected,
  type TImportReport,
  type TListQuery,
  type TResource,
  type TSheetLang,
} from '@tagstock/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db, type Tx } from '../db/client';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { callerTenant } from './auth';
import { AppError } from './errors';
import { listSql, type ListSpec } from './pagination';
import {
  exportStream,
  headerKeys,
  readSheet,
  rowInput,
  type SheetColumn,
  type SheetLang,
  type SheetRow,
} from './spreadsheet';
import { IMPORT_TIMING, inTimedChunks, loopTurns } from './time-slices';
import { readUpload } from './uploads';

// Rows per export page, each page read in its own short transaction.
const EXPORT_PAGE = 1000;
/** Default seconds an export waits on a client that reads nothing before the connection is cut. */
export const EXPORT_IDLE_TIMEOUT_S = 30;

declare module 'fastify' {
  interface FastifyInstance {
    /** Idle timeout of export downloads (a client that reads nothing that long is cut off). */
    exportIdleTimeoutMs: number;
  }
}

export type ImportContext<L> = { tx: Tx; tenantId: number; userId: number; lookups: L };

/** An error of one row, before its line is known. */
export type RowError = Omit<TImportError, 'line'>;

/** A name in the file that matches nothing of the tenant's (category, supplier, group…). */
export const unknownReference = (column: string, value: string): RowError => ({
  column,
  code: 'unknown_reference',
  params: { value },
  message: `unknown ${column} "${value}"`,
});

/**
 * The language of a file: the `lang` the screen sends (its current language), else the first English or French
 * language of Accept-Language, else English.
 */
export function sheetLang(req: FastifyRequest, lang?: TSheetLang): SheetLang {
  if (lang) return lang;
  for (const part of (req.headers['accept-language'] ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'fr' || tag === 'en') return tag;
  }
  return 'en';
}

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
  /** Loads what rows refer to by name (categories, suppliers…) once per import, before anything is written. */
  lookups(tx: Tx, tenantId: number): Promise<L>;
  /** Turns a sheet row into the schema's input; returns column errors for names that do not resolve. */
  toInput(values: SheetRow, lookups: L): { input: Record<string, unknown>; errors: RowError[] };
  /** The example row of the import template (values as an export row has them), from the tenant's own data. */
  example(tx: Tx, tenantId: number, lang: SheetLang): Promise<Record<string, unknown>>;
  /** The row's identity in the file and in the database (reference, name…), compared case-insensitively. */
  key(input: TInput): string;
  keyColumn: string;
  /** File column of input fields named otherwise (`categoryId` ← `category`), for errors. */
  inputColumns?: Record<string, string>;
  /**
   * Writes rows in the caller's transaction: updates by key, creates the rest, in a few statements whatever the
   * number of rows. Called once per chunk of the file (at most `IMPORT_TIMING.max` rows), each chunk in its own
   * transaction.
   */
  apply(ctx: ImportContext<L>, rows: TInput[]): Promise<{ created: number; updated: number }>;
};

/**
 * Rows after `after` among the non-null keys, in the list's order (`key` ascending or descending, then the id
 * ascending). Written as a range on the key plus a filter, not an OR: the range is an index condition (its
 * comparison operators are leakproof, so row-level security keeps it one), and an index on the key reads the
 * page in order instead of sorting every row of the tenant for each page.
 */
function keysetAfter(key: SQL, dir: 'asc' | 'desc', tieBreaker: SQL, after: ExportCursor) {
  // The text of the key goes back as an untyped parameter: the server reads it as the key's own type.
  const v = after.value;
  return dir === 'asc'
    ? sql`(${key} >= ${v} and (${key} > ${v} or ${tieBreaker} > ${after.id}))`
    : sql`(${key} <= ${v} and (${key} < ${v} or ${tieBreaker} > ${after.id}))`;
}

export type ExportSegment = 'null' | 'value';
export type ExportCursor = { value: string; id: unknown };

/** The SQL of one export page: the rows of `segment` (null or non-null keys) after `after`, in the list's order. */
export function exportPageSql(
  spec: ListSpec,
  columns: SQL,
  q: TListQuery,
  segment: ExportSegment,
  after?: ExportCursor,
): SQL {
  const [field, dir] = (q.sort ?? spec.defaultSort).split(':') as [string, 'asc' | 'desc'];
  const key = spec.sort[field]!;
  const tie = spec.tieBreaker;
  const condition =
    segment === 'null'
      ? sql`${key} is null${after ? sql` and ${tie} > ${after.id}` : sql``}`
      : after
        ? keysetAfter(key, dir, tie, after)
        : sql`${key} is not null`;
  const { where, orderBy } = listSql({ ...spec, where: [...(spec.where ?? []), condition] }, q);
  return sql`select ${columns}, (${key})::text as "__key", ${tie} as "__id" ${spec.from} ${where} ${orderBy} limit ${EXPORT_PAGE}`;
}

/**
 * The list's rows page by page in its own order, each page read in its own short transaction (keyset on the
 * sort key and the tie-breaker): nothing stays open while the client takes its time. Null keys are read as a
 * segment of their own (first when ascending, last when descending, as the list sorts them), so each page's
 * condition stays a plain range. Rows changed during a long export may show their old or new place; a row is
 * never repeated unless its sort key changes meanwhile.
 */
async function* pagesOf(db: Db, tenantId: number, spec: ListSpec, columns: SQL, q: TListQuery) {
  const dir = (q.sort ?? spec.defaultSort).endsWith(':desc') ? 'desc' : 'asc';
  const segments = dir === 'asc' ? (['null', 'value'] as const) : (['value', 'null'] as const);
  let first = true;
  for (const segment of segments) {
    let after: ExportCursor | undefined;
    for (;;) {
      // PGlite runs on this thread: let waiting requests in between two pages.
      if (!first) await yieldToLoop();
      first = false;
      const page = exportPageSql(spec, columns, q, segment, after);
      const rows = await withTenant(db, tenantId, (tx) => queryRows<Record<string, unknown>>(tx, page));
      if (rows.length) yield rows;
      if (rows.length < EXPORT_PAGE) break;
      const last = rows[rows.length - 1]!;
      after = { value: last.__key as string, id: last.__id };
    }
  }
}

/** Validates every row of a file (yielding to the event loop as it goes); nothing is written here. */
async function validate<TInput, L>(
  spec: ImportExportSpec<TInput, L>,
  rows: { line: number; values: SheetRow }[],
  lookups: L,
) {
  const errors: TImportError[] = [];
  const valid: { line: number; input: TInput }[] = [];
  const seen = new Map<string, number>();
  const turn = loopTurns();
  if (rows.length && !(spec.keyColumn in rows[0]!.values))
    errors.push({ line: 1, column: spec.keyColumn, code: 'missing_column', message: 'missing column' });
  for (const { line, values } of rows) {
    await turn();
    const { input, errors: refErrors } = spec.toInput(rowInput(spec.columns, values), lookups);
    refErrors.forEach((e) => errors.push({ line, ...e }));
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({
          line,
          column: columnOf(spec, String(issue.path[0] ?? '')),
          code: 'invalid_value',
          params: { issue: issue.code },
          message: issue.message,
        });
      continue;
    }
    const key = spec.key(parsed.data).toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        line,
        column: spec.keyColumn,
        code: 'duplicate',
        params: { line: first },
        message: `duplicate of line ${first}`,
      });
      continue;
    }
    seen.set(key, line);
    if (!refErrors.length) valid.push({ line, input: parsed.data });
  }
  return { errors, valid };
}

/** The file column of an input field (`categoryId` comes from `category`, `initialQuantity` from `quantity`). */
function columnOf<TInput, L>(spec: ImportExportSpec<TInput, L>, field: string): string {
  return spec.inputColumns?.[field] ?? field;
}

/** The rows left out, with their errors, as read from the file (at most MAX_REJECTED). */
function rejectedRows(rows: { line: number; values: SheetRow }[], errors: TImportError[]): TImportRejected[] {
  const byLine = new Map<number, TImportError[]>();
  for (const e of errors) if (e.line > 1) byLine.set(e.line, [...(byLine.get(e.line) ?? []), e]);
  const out: TImportRejected[] = [];
  for (const { line, values } of rows) {
    const rowErrors = byLine.get(line);
    if (!rowErrors) continue;
    out.push({ line, values: { ...values }, errors: rowErrors });
    if (out.length === MAX_REJECTED) break;
  }
  return out;
}

const MAX_REPORTED_ERRORS = 500;
// Rejected rows answered for download; more are counted, not sent.
const MAX_REJECTED = 10_000;

/** Carries a chunk's counts out of the transaction a preview rolls back. */
class PreviewRollback extends Error {
  constructor(readonly counts: { created: number; updated: number }) {
    super('preview rollback');
  }
}

/**
 * Writes the valid rows chunk by chunk, one transaction each, each chunk sized to take about 20 ms (`IMPORT_TIMING`)
 * and the event loop turned between chunks: on PGlite (one query at a time) a single transaction would stall
 * every tenant for the whole import, and a fixed count of rows is too long on a busy machine and too short on an
 * idle one. A preview applies each chunk and rolls it back. A failure after the first chunk leaves the earlier
 * chunks written: the answer says so (`import_partial`), and importing the same file again updates them (rows
 * match by key).
 */
async function writeInChunks<TInput, L>(
  db: Db,
  spec: ImportExportSpec<TInput, L>,
  ctx: Omit<ImportContext<L>, 'tx'>,
  valid: { line: number; input: TInput }[],
  dryRun: boolean,
  log: FastifyBaseLogger,
): Promise<{ created: number; updated: number }> {
  const total = { created: 0, updated: 0 };
  await inTimedChunks(valid, IMPORT_TIMING, async (chunk, i) => {
    try {
      const counts = await withTenant(db, ctx.tenantId, async (tx) => {
        const c = await spec.apply(
          { ...ctx, tx },
          chunk.map((r) => r.input),
        );
        if (dryRun) throw new PreviewRollback(c);
        return c;
      }).catch((err: unknown) => {
        if (err instanceof PreviewRollback) return err.counts;
        throw err;
      });
      total.created += counts.created;
      total.updated += counts.updated;
    } catch (err) {
      if (dryRun || i === 0) throw err;
      log.error({ err }, 'import stopped after a partial write');
      const lines = `${chunk[0]!.line}–${chunk[chunk.length - 1]!.line}`;
      const cause = err instanceof AppError ? `: ${err.message}` : '';
      throw new AppError(
        409,
        'import_partial',
        `Partial import: ${i} row(s) up to line ${valid[i - 1]!.line} were written (${total.created} created, ` +
          `${total.updated} updated); the rows of lines ${lines} and after were not${cause}. ` +
          'Importing the same file again updates the rows already written.',
      );
    }
  });
  return total;
}

const CONTENT_TYPE = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Sends a file stream as an attachment. */
export const sendFile = (reply: FastifyReply, format: 'csv' | 'xlsx', stem: string, stream: NodeJS.ReadableStream) =>
  reply
    .type(CONTENT_TYPE[format])
    .header('content-disposition', `attachment; filename="${stem}.${format}"`)
    .send(stream);

/**
 * Export of the current table view, import (preview, then apply chunk by chunk; or only the valid rows, answering
 * the rejected ones) and an import template, for one resource.
 */
export function importExportRoutes<TInput, L>(db: Db, spec: ImportExportSpec<TInput, L>): FastifyPluginAsyncZod {
  const keys = headerKeys(spec.columns);
  return async (app) => {
    const tags = [spec.name];
    app.get(
      `${spec.path}/export`,
      { schema: { tags, querystring: ZExportQuery }, preHandler: app.requirePermission(`${spec.resource}.read`) },
      async (req, reply) => {
        const tenantId = callerTenant(req.auth);
        const { lang, format, ...list } = req.query;
        const q = { ...list, page: 1, limit: 1 };
        const listSpec = spec.list(tenantId, q);
        listSql(listSpec, q); // rejects a bad sort before the download starts
        const pages = pagesOf(db, tenantId, listSpec, spec.exportColumns, q);
        const stream = exportStream(format, spec.columns, pages, sheetLang(req, lang));
        stream.on('error', (err) => req.log.error({ err }, 'export failed'));
        // A client that reads nothing for this long is cut off (the socket's idle timer: no byte in or out).
        reply.raw.setTimeout(app.exportIdleTimeoutMs, () => {
          req.log.warn('export cut off: the client stopped reading');
          reply.raw.destroy();
        });
        return sendFile(reply, format, `${spec.name}-${new Date().toISOString().slice(0, 10)}`, stream);
      },
    );

    app.get(
      `${spec.path}/import-template`,
      {
        schema: { tags, querystring: ZImportTemplateQuery },
        preHandler: app.requirePermission(`${spec.resource}.write`),
      },
      async (req, reply) => {
        const tenantId = callerTenant(req.auth);
        const lang = sheetLang(req, req.query.lang);
        const example = await withTenant(db, tenantId, (tx) => spec.example(tx, tenantId, lang));
        const stream = exportStream(req.query.format, spec.columns, [[example]], lang);
        return sendFile(reply, req.query.format, `${spec.name}-template`, stream);
      },
    );

    app.post(
      `${spec.path}/import`,
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: ZImportQuery,
          response: { 200: ZImportReport },
        },
        preHandler: app.requirePermission(`${spec.resource}.write`),
      },
      async (req): Promise<TImportReport> => {
        const tenantId = callerTenant(req.auth);
        const lang = sheetLang(req, req.query.lang);
        const { filename, data } = await readUpload(req);
        const rows = await readSheet(filename, data, keys);
        const dryRun = req.query.dryRun === 'true';
        const validOnly = req.query.validOnly === 'true';
        // Validate everything first (one short read for the lookups); write only if every row is valid, unless
        // the caller asked for the valid rows alone.
        const lookups = await withTenant(db, tenantId, (tx) => spec.lookups(tx, tenantId));
        const { errors, valid } = await validate(spec, rows, lookups);
        if (!dryRun && !validOnly && errors.length) {
          throw new AppError(
            400,
            'import_invalid',
            `${errors.length} row error(s): nothing was imported`,
            errors
              .slice(0, MAX_REPORTED_ERRORS)
              .map((e) => ({ field: `line ${e.line}: ${e.column}`, message: e.message })),
          );
        }
        const ctx = { tenantId, userId: req.auth.userId, lookups };
        const counts = await writeInChunks(db, spec, ctx, valid, dryRun, req.log);
        const rejected = validOnly ? rejectedRows(rows, errors) : undefined;
        return {
          rows: rows.length,
          ...counts,
          errors: errors.slice(0, MAX_REPORTED_ERRORS),
          applied: !dryRun,
          columns: spec.columns.map((c) => ({ key: c.key, label: c.header[lang], type: c.type })),
          keyColumn: spec.keyColumn,
          ...(rejected && { rejected, rejectedCount: rows.length - valid.length }),
        };
      },
    );
  };
}
