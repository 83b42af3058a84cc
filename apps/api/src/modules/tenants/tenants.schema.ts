import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by the super admin: the tenant's users are signed out and refused until it is cleared. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});
