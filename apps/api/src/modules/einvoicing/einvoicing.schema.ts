import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';

/**
 * A tenant's approved platform (PA): where and as whom it connects (OAuth2 client credentials), the secret the
 * platform signs its webhooks with, and how far the polling has read. Secrets are stored encrypted (secrets.ts).
 */
export const einvoicingSettings = pgTable(
  'einvoicing_settings',
  {
    ...tenantColumns(),
    enabled: boolean('enabled').notNull().default(false),
    baseUrl: text('base_url').notNull(),
    tokenUrl: text('token_url'),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret'),
    organizationId: text('organization_id'),
    webhookSecret: text('webhook_secret'),
    webhookUid: text('webhook_uid'),
    /** The `updatedAt` of the last incoming flow read: the next search starts after it. */
    cursor: text('cursor'),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [unique('einvoicing_settings_tenant_uq').on(t.tenantId)],
);

/**
 * The lifecycle of an issued invoice or credit note, or of a received invoice (CDAR statuses 200–213): appended,
 * never changed; the current status is the latest event that is not about a duplicate.
 */
export const einvoiceLifecycle = pgTable(
  'einvoice_lifecycle',
  {
    ...tenantColumns(),
    documentKind: text('document_kind').notNull(),
    documentId: integer('document_id').notNull(),
    code: text('code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull(),
    reasonCode: text('reason_code'),
    note: text('note'),
    /** A 213 about another submission of the same invoice: shown, never the current status. */
    duplicate: boolean('duplicate').notNull().default(false),
    /** The platform flow that brought it (a status is read once). */
    flowId: text('flow_id'),
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [
    check('einvoice_lifecycle_kind_ck', sql`${t.documentKind} in ('invoice', 'credit_note', 'received_invoice')`),
    check('einvoice_lifecycle_code_ck', sql`${t.code} ~ '^2(0[0-9]|1[0-3])$'`),
    check('einvoice_lifecycle_source_ck', sql`${t.source} in ('platform', 'user')`),
    index('einvoice_lifecycle_document_idx').on(t.tenantId, t.documentKind, t.documentId, t.at),
    uniqueIndex('einvoice_lifecycle_flow_uq')
      .on(t.tenantId, t.flowId)
      .where(sql`${t.flowId} is not null`),
  ],
);

/** Every flow read from the platform, once: what it became, or why it could not be read. */
export const platformFlows = pgTable(
  'platform_flows',
  {
    ...tenantColumns(),
    flowId: text('flow_id').notNull(),
    syntax: text('syntax').notNull(),
    /** `received_invoice:12`, `invoice:3`… what the flow was recorded as; null when it could not be. */
    recordedAs: text('recorded_as'),
    error: text('error'),
  },
  (t) => [unique('platform_flows_tenant_flow_uq').on(t.tenantId, t.flowId)],
);
