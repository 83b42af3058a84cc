import type { TActivityAction, TActivityEntity } from '@tagstock/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../auth/auth.schema';

export type TChange = { field: string; from: unknown; to: unknown };

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id').references(() => users.id),
    entity: text('entity').$type<TActivityEntity>().notNull(),
    entityId: integer('entity_id'),
    action: text('action').$type<TActivityAction>().notNull(),
    summary: text('summary').notNull().default(''),
    changes: jsonb('changes').$type<TChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
