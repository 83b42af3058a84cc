import { sql } from 'drizzle-orm';
import { check, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';

export const reasons = pgTable(
  'reasons',
  { ...tenantColumns(), label: text('label').notNull(), kind: text('kind').notNull().default('both') },
  (t) => [
    unique('reasons_tenant_label_uq').on(t.tenantId, t.label),
    check('reasons_kind_ck', sql`${t.kind} in ('increment', 'decrement', 'both')`),
  ],
);
