import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TReportQuery } from '@tagstock/contract';
import { tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { tenants } from '../tenants/tenants.schema';

/** The report history: every run of the builder or of a question, its query (never SQL), to rerun or download. */
export const reports = pgTable(
  'reports',
  {
    ...tenantColumns(),
    name: text('name'),
    query: jsonb('query').$type<TReportQuery>().notNull(),
    rowCount: integer('row_count').notNull(),
    source: text('source').notNull().default('builder'),
    /** The question a natural-language report was asked with. */
    question: text('question'),
    createdBy: integer('created_by').references(() => users.id),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_source_ck', sql`${t.source} in ('builder', 'question')`),
    index('reports_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Natural-language tries used by a tenant in a month (`YYYY-MM`, the tenants' zone). */
export const reportTries = pgTable(
  'report_tries',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'report_tries_pk', columns: [t.tenantId, t.month] }),
    check('report_tries_month_ck', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

/** A tenant's report settings, set by the super admin (none stored: the defaults). */
export const reportSettings = pgTable(
  'report_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    reportTriesLimit: integer('report_tries_limit').notNull().default(50),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('report_settings_limit_ck', sql`${t.reportTriesLimit} >= 0`)],
);
