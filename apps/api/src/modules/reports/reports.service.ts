import { sql } from 'drizzle-orm';
import {
  REPORT_MEASURES,
  REPORT_VALUE_LABELS,
  REPORT_TIME_ZONE,
  REPORT_TRIES_DEFAULT,
  REPORT_XLSX_ROWS_MAX,
  reportPeriodDays,
  type TReportCell,
  type TReportDimensionId,
  type TReportMeasureId,
  type TReportQuery,
  type TReportResult,
  type TReportTries,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { pgError } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { reportPlan } from './report-sql';
import type { ReportMeasureDeclaration } from './registry';

/** How long one report may run before PostgreSQL cancels it. */
export const REPORT_STATEMENT_TIMEOUT_MS = 10_000;

export type Registry = ReadonlyMap<TReportMeasureId, ReportMeasureDeclaration>;

export type RunOptions = {
  lang?: 'fr' | 'en';
  timeoutMs?: number;
  now?: Date;
  /** Runs in the report's transaction just before its query (tests read its settings there). */
  beforeQuery?: (tx: Tx) => Promise<void>;
};

/**
 * The report transaction's settings: its statement timeout, and a plan for reading many rows. Tables are often
 * without statistics (PGlite never analyzes them; PostgreSQL not until autovacuum comes by after a bulk load), and
 * then the planner expects a handful of rows and joins each fact row to its article and category by a nested loop of
 * index lookups (500,000 of each for a year of movements, 2 s on PostgreSQL, 5 s on PGlite); a report aggregates,
 * so hash joins and hash aggregates with room in memory are its shape.
 */
const reportSettings = (timeoutMs: number) =>
  sql`select set_config('statement_timeout', ${String(timeoutMs)}, true), set_config('enable_nestloop', 'off', true),
        set_config('work_mem', '32MB', true)`;

const tooSlow = (timeoutMs: number) =>
  new AppError(422, 'report_timeout', `The report ran longer than ${timeoutMs / 1000} s and was stopped`);

/**
 * Runs a report for a tenant: its generated SQL, in a read-only transaction of the tenant (row-level security on
 * top of the tenant condition on every table), stopped after `timeoutMs` (a `report_timeout` problem).
 */
export async function runReport(
  db: Db,
  registry: Registry,
  tenantId: number,
  query: TReportQuery,
  opts: RunOptions = {},
): Promise<TReportResult> {
  const timeoutMs = opts.timeoutMs ?? REPORT_STATEMENT_TIMEOUT_MS;
  const period = reportPeriodDays(query.period, opts.now);
  const plan = reportPlan(registry, query, tenantId, period, opts.lang);
  let rows: Record<string, unknown>[];
  try {
    rows = await withTenant(db, tenantId, async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(reportSettings(timeoutMs));
      await opts.beforeQuery?.(tx);
      return queryRows<Record<string, unknown>>(tx, plan.sql);
    });
  } catch (err) {
    if (pgError(err)?.code === '57014') throw tooSlow(timeoutMs);
    throw err;
  }
  const truncated = rows.length > plan.limit;
  const kept = truncated ? rows.slice(0, plan.limit) : rows;
  const cells = toCells(query, kept, opts.lang ?? 'fr');
  return {
    columns: plan.columns,
    rows: cells,
    totals: totalsOf(query, rows),
    rowCount: cells.length,
    truncated,
    period,
  };
}

/** A dimension's value as the report shows it: a code in the user's language (REPORT_VALUE_LABELS), else as it is. */
const shown = (dimension: TReportDimensionId, value: unknown, lang: 'fr' | 'en'): string | null =>
  value == null ? null : (REPORT_VALUE_LABELS[dimension]?.[String(value)]?.[lang] ?? String(value));

/** Rows as the API answers them: labels as text, money as decimal text, quantities and counts as numbers. */
function toCells(query: TReportQuery, rows: Record<string, unknown>[], lang: 'fr' | 'en'): TReportCell[][] {
  const money = query.measures.map((m) => REPORT_MEASURES[m].unit === 'money');
  return rows.map((r): TReportCell[] => [
    ...query.dimensions.map((d, i) => shown(d, r[`l${i}`], lang)),
    ...query.measures.map((_, i) => (money[i] ? String(r[`v${i}`]) : Number(r[`v${i}`]))),
  ]);
}

/** The totals of every row of the query (each row carries them, `t0`…). */
function totalsOf(query: TReportQuery, rows: Record<string, unknown>[]): Record<string, string> {
  const totals: Record<string, string> = {};
  query.measures.forEach((m, i) => {
    const t = rows[0]?.[`t${i}`];
    totals[m] = t == null ? (REPORT_MEASURES[m].unit === 'money' ? '0.00' : '0') : String(t);
  });
  return totals;
}

/** Rows of a report the XLSX reads per page. */
export const REPORT_XLSX_PAGE = 10_000;

export type ReportPagesHead = Pick<TReportResult, 'columns' | 'totals' | 'period'> & {
  /** Rows of the whole query, and how many the file holds (the query's own limit, else REPORT_XLSX_ROWS_MAX). */
  rowCount: number;
  kept: number;
};

type Period = { from: string; to: string };
const TIME_ORDER = ['day', 'week', 'month', 'quarter', 'year'] as const;
type TimeDim = (typeof TIME_ORDER)[number];
const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day on or after `ms` that starts a bucket of `dim` (a Monday for weeks, the 1st for months…). */
function bucketStart(ms: number, dim: TimeDim): number {
  const d = new Date(ms);
  if (dim === 'day') return ms;
  if (dim === 'week') return ms + ((8 - d.getUTCDay()) % 7) * DAY_MS;
  if (d.getUTCDate() === 1) {
    const m = d.getUTCMonth();
    if (dim === 'month' || (dim === 'quarter' && m % 3 === 0) || (dim === 'year' && m === 0)) return ms;
  }
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (dim === 'month') return Date.UTC(y, m + 1, 1);
  if (dim === 'quarter') return Date.UTC(y, m - (m % 3) + 3, 1);
  return Date.UTC(y + 1, 0, 1);
}

/** The period cut in windows of at least `days` days, each ending where a bucket of `dim` ends. */
export function* timeWindows(period: Period, dim: TimeDim, days: number): Generator<Period> {
  const end = dayOf(period.to);
  for (let start = dayOf(period.from); start <= end; ) {
    const last = Math.min(bucketStart(start + days * DAY_MS, dim) - DAY_MS, end);
    yield { from: isoOf(start), to: isoOf(last) };
    start = last + DAY_MS;
  }
}

/**
 * A report read page by page for a file: each page (at most `REPORT_XLSX_PAGE` rows of the sorted result, by
 * offset) is its own read-only transaction of the tenant with its own statement timeout, as the exports read their
 * lists, so no transaction stays open while the client takes its time: the caller waits for room between pages. The
 * first read gives the columns, the totals and the count of every row. A report sorted by time (the default when it
 * has a time dimension) is read in windows of its period cut at its coarsest time grouping's bucket ends (a group's
 * days are all in one window, and windows come in the sort's order), each about a page: a page aggregates its window
 * only, not the whole period again. A row changed during a long download may appear in its old or new place (each
 * page sees the data of its time).
 */
export async function reportPages(
  db: Db,
  registry: Registry,
  tenantId: number,
  query: TReportQuery,
  opts: RunOptions = {},
): Promise<{ head: ReportPagesHead; pages: AsyncGenerator<TReportCell[][]> }> {
  const timeoutMs = opts.timeoutMs ?? REPORT_STATEMENT_TIMEOUT_MS;
  const period = reportPeriodDays(query.period, opts.now);
  const cap = Math.min(query.limit ?? REPORT_XLSX_ROWS_MAX, REPORT_XLSX_ROWS_MAX);
  const read = async (within: Period, offset: number, size: number) => {
    const plan = reportPlan(registry, query, tenantId, within, opts.lang, { offset, size });
    try {
      const rows = await withTenant(db, tenantId, async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.execute(reportSettings(timeoutMs));
        await opts.beforeQuery?.(tx);
        return queryRows<Record<string, unknown>>(tx, plan.sql);
      });
      return { plan, rows };
    } catch (err) {
      if (pgError(err)?.code === '57014') throw tooSlow(timeoutMs);
      throw err;
    }
  };
  const times = query.dimensions.filter((d): d is TimeDim => (TIME_ORDER as readonly string[]).includes(d));
  const windowed = !query.sort && times.length > 0;
  const first = await read(period, 0, windowed ? 1 : Math.min(REPORT_XLSX_PAGE, cap));
  const rowCount = Number(first.rows[0]?.n ?? 0);
  const head: ReportPagesHead = {
    columns: first.plan.columns,
    totals: totalsOf(query, first.rows),
    period,
    rowCount,
    kept: Math.min(rowCount, cap),
  };
  const coarsest = times.reduce((a, b) => (TIME_ORDER.indexOf(b) > TIME_ORDER.indexOf(a) ? b : a), 'day');
  const periodDays = (dayOf(period.to) - dayOf(period.from)) / DAY_MS + 1;
  const windowDays = Math.max(1, Math.floor((REPORT_XLSX_PAGE * periodDays) / Math.max(1, rowCount)));
  async function* pages() {
    let emitted = 0;
    let firstRows: Record<string, unknown>[] | null = windowed ? null : first.rows;
    for (const within of windowed ? timeWindows(period, coarsest, windowDays) : [period]) {
      for (let offset = 0; emitted < head.kept; ) {
        const size = Math.min(REPORT_XLSX_PAGE, head.kept - emitted);
        const rows = firstRows ?? (await read(within, offset, size)).rows;
        firstRows = null;
        if (rows.length) yield toCells(query, rows, opts.lang ?? 'fr');
        emitted += rows.length;
        offset += rows.length;
        if (rows.length < size) break;
      }
      if (emitted >= head.kept) return;
    }
  }
  return { head, pages: pages() };
}

/** The month a try counts in, `YYYY-MM` in the tenants' zone. */
export const triesMonth = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);

async function triesLimit(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await queryRows<{ limit: number }>(
    tx,
    sql`select report_tries_limit as limit from report_settings where tenant_id = ${tenantId}`,
  );
  return row?.limit ?? REPORT_TRIES_DEFAULT;
}

/** A tenant's natural-language tries this month. */
export async function reportTries(tx: Tx, tenantId: number, now = new Date()): Promise<TReportTries> {
  const limit = await triesLimit(tx, tenantId);
  const [row] = await queryRows<{ used: number }>(
    tx,
    sql`select used from report_tries where tenant_id = ${tenantId} and month = ${triesMonth(now)}`,
  );
  const used = row?.used ?? 0;
  return { limit, used, remaining: Math.max(0, limit - used) };
}

export const triesExhausted = () =>
  new AppError(429, 'report_tries_exhausted', 'No natural-language tries are left this month');

/**
 * Takes one natural-language try of the tenant's month, or refuses (429 `report_tries_exhausted`). One statement:
 * two requests at once never both take the last try.
 */
export async function consumeTry(tx: Tx, tenantId: number, now = new Date()): Promise<{ remaining: number }> {
  const limit = await triesLimit(tx, tenantId);
  if (limit <= 0) throw triesExhausted();
  const [row] = await queryRows<{ used: number }>(
    tx,
    sql`insert into report_tries (tenant_id, month, used) values (${tenantId}, ${triesMonth(now)}, 1)
        on conflict (tenant_id, month) do update set used = report_tries.used + 1
        where report_tries.used < ${limit}
        returning used`,
  );
  if (!row) throw triesExhausted();
  return { remaining: Math.max(0, limit - row.used) };
}

/** Sets a tenant's monthly tries (the super admin). */
export async function setTriesLimit(tx: Tx, tenantId: number, limit: number): Promise<void> {
  await tx.execute(
    sql`insert into report_settings (tenant_id, report_tries_limit) values (${tenantId}, ${limit})
        on conflict (tenant_id) do update set report_tries_limit = excluded.report_tries_limit, updated_at = now()`,
  );
}
