import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenants } from '../../modules/tenants/tenants.schema';

/** The last number given per tenant, series and year; its row is locked by the transaction that issues one. */
export const documentCounters = pgTable(
  'document_counters',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.series, t.year] })],
);
