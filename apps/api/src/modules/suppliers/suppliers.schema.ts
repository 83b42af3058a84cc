import { index, pgTable } from 'drizzle-orm/pg-core';
import { contactColumns, tenantColumns } from '../../db/columns';

export const suppliers = pgTable('suppliers', { ...tenantColumns(), ...contactColumns() }, (t) => [
  index('suppliers_tenant_name_idx').on(t.tenantId, t.name),
]);
