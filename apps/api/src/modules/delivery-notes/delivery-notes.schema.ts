import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentExitColumns, unpricedDocumentColumns, unpricedLineColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { articles } from '../articles/articles.schema';
import { customers } from '../customers/customers.schema';
import { invoices, proformas } from '../invoicing/invoicing.schema';
import { tags } from '../rfid/rfid.schema';

/** A delivery note (bon de livraison): what leaves for a customer. Numbered (BL) when it leaves draft. */
export const deliveryNotes = pgTable(
  'delivery_notes',
  {
    ...unpricedDocumentColumns(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    proformaId: integer('proforma_id').references(() => proformas.id),
    plannedDate: date('planned_date').notNull(),
    deliveryAddress: text('delivery_address'),
    notes: text('notes'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('delivery_notes_tenant_number_uq').on(t.tenantId, t.number),
    check('delivery_notes_status_ck', sql`${t.status} in ('draft', 'ready', 'delivered', 'canceled')`),
    check('delivery_notes_one_source_ck', sql`${t.invoiceId} is null or ${t.proformaId} is null`),
    index('delivery_notes_tenant_planned_idx').on(t.tenantId, t.plannedDate.desc(), t.id.desc()),
    // The open notes: the exit gates' look-up and the dashboard's (to deliver today, late).
    index('delivery_notes_open_idx')
      .on(t.tenantId, t.plannedDate)
      .where(sql`${t.status} in ('draft', 'ready')`),
    index('delivery_notes_customer_idx').on(t.customerId),
    index('delivery_notes_invoice_idx').on(t.invoiceId),
    index('delivery_notes_proforma_idx').on(t.proformaId),
  ],
);

/** What is delivered: an article, a quantity and the EPCs of the items picked, if listed. */
export const deliveryNoteLines = pgTable(
  'delivery_note_lines',
  {
    ...unpricedLineColumns(() => articles.id),
    deliveryNoteId: integer('delivery_note_id')
      .notNull()
      .references(() => deliveryNotes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('delivery_note_lines_note_idx').on(t.deliveryNoteId, t.position),
    // The exit gates find a tag's picked EPCs among the lines of its article (no GIN index on `epcs`: under
    // row-level security the planner cannot search it, `@>` being not leakproof).
    index('delivery_note_lines_article_idx').on(t.tenantId, t.articleId),
  ],
);

/** The items that left through an exit gate under a ready note: they tick its lines and are not moved again. */
export const deliveryNoteExits = pgTable(
  'delivery_note_exits',
  documentExitColumns('delivery_note_id', {
    document: () => deliveryNotes.id,
    tag: () => tags.id,
    article: () => articles.id,
  }),
  (t) => [
    uniqueIndex('delivery_note_exits_note_tag_uq').on(t.documentId, t.tagId),
    index('delivery_note_exits_tenant_idx').on(t.tenantId, t.documentId),
  ],
);
