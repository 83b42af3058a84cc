import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';
import { tenants } from '../../modules/tenants/tenants.schema';

/**
 * The PDF of an issued document (invoice, credit note) as it was rendered once after its issue: the legal copy,
 * served at every download in its language and exported as it is, whatever the company settings or the customer
 * become afterwards. Written once (`on conflict do nothing`), never updated.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The document's activity-log entity (`invoice`, `credit_note`). */
    entity: text('entity').notNull(),
    documentId: integer('document_id').notNull(),
    language: text('language').notNull(),
    /** The document's number, its file name. */
    number: text('number').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entity, t.documentId, t.language] }),
    check('issued_documents_language_ck', sql`${t.language} in ('fr', 'en')`),
    check('issued_documents_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
