import { sql } from 'drizzle-orm';
import {
  REPORT_MEASURES,
  REPORT_TIME_ZONE,
  REPORT_TRIES_DEFAULT,
  reportPeriodDays,
  type TReportCell,
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
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      await opts.beforeQuery?.(tx);
      return queryRows<Record<string, unknown>>(tx, plan.sql);
    });
  } catch (err) {
    if (pgError(err)?.code === '57014') throw tooSlow(timeoutMs);
    throw err;
  }
  const truncated = rows.length > plan.limit;
  const kept = truncated ? rows.slice(0, plan.limit) : rows;
  const money = query.measures.map((m) => REPORT_MEASURES[m].unit === 'money');
  const cells = kept.map((r): TReportCell[] => [
    ...query.dimensions.map((_, i) => (r[`l${i}`] == null ? null : String(r[`l${i}`]))),
    ...query.measures.map((_, i) => (money[i] ? String(r[`v${i}`]) : Number(r[`v${i}`]))),
  ]);
  const totals: Record<string, string> = {};
  query.measures.forEach((m, i) => {
    const t = rows[0]?.[`t${i}`];
    totals[m] = t == null ? (money[i] ? '0.00' : '0') : String(t);
  });
  return { columns: plan.columns, rows: cells, totals, rowCount: cells.length, truncated, period };
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
