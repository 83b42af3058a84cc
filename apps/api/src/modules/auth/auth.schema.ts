import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  index,
} from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/tenants.schema';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('roles_tenant_name_uq').on(t.tenantId, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Null only for platform super admins (rb), who belong to no tenant.
    tenantId: integer('tenant_id').references(() => tenants.id),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    appType: text('app_type').notNull().default('Web'),
    rb: boolean('rb').notNull().default(false),
    roleId: integer('role_id').references(() => roles.id),
    tokenVersion: integer('token_version').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    // The profile's language; null follows the browser.
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_app_type_ck', sql`${t.appType} in ('Web', 'Mobile', 'All')`),
    check('users_language_ck', sql`${t.language} in ('en', 'fr')`),
    check('users_tenant_ck', sql`${t.rb} or ${t.tenantId} is not null`),
    index('users_tenant_idx').on(t.tenantId),
  ],
);

/**
 * One-time password-reset links the super admin hands to a user: only the token's SHA-256 is kept, so the table
 * gives nobody a usable link. A user has at most one live link (a new one replaces it); used or expired, it is
 * refused. A platform table (no tenant): read and written through platform transactions only.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
