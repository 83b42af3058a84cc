import { sql } from 'drizzle-orm';
import { check, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';

export const categories = pgTable(
  'categories',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description'),
    /** 'goods' | 'service': what its articles sell when they do not say. */
    nature: text('nature'),
  },
  (t) => [
    unique('categories_tenant_name_uq').on(t.tenantId, t.name),
    check('categories_nature_ck', sql`${t.nature} in ('goods', 'service')`),
  ],
);
