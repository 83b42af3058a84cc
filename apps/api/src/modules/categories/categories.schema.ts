import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';

export const categories = pgTable(
  'categories',
  { ...tenantColumns(), name: text('name').notNull(), description: text('description') },
  (t) => [unique('categories_tenant_name_uq').on(t.tenantId, t.name)],
);
