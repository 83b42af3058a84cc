import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { unpricedDocumentColumns, unpricedLineColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { articles } from '../articles/articles.schema';
import { customers } from '../customers/customers.schema';
import { reasons } from '../reasons/reasons.schema';
import { consumers, tags } from '../rfid/rfid.schema';
import { tenants } from '../tenants/tenants.schema';

/** A stock output (sortie): stock leaving for a reason other than a sale. Numbered (BS) when validated. */
export const outputs = pgTable(
  'outputs',
  {
    ...unpricedDocumentColumns(() => users.id),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => reasons.id),
    outputDate: date('output_date').notNull(),
    consumerId: integer('consumer_id').references(() => consumers.id),
    customerId: integer('customer_id').references(() => customers.id),
    notes: text('notes'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outputs_tenant_number_uq').on(t.tenantId, t.number),
    check('outputs_status_ck', sql`${t.status} in ('draft', 'validated', 'canceled')`),
    check('outputs_one_recipient_ck', sql`${t.consumerId} is null or ${t.customerId} is null`),
    index('outputs_tenant_date_idx').on(t.tenantId, t.outputDate.desc(), t.id.desc()),
    index('outputs_tenant_status_idx').on(t.tenantId, t.status),
    index('outputs_customer_idx').on(t.customerId),
    index('outputs_reason_idx').on(t.reasonId),
  ],
);

/** What left: an article, a quantity and the EPCs of the items, if listed. */
export const outputLines = pgTable(
  'output_lines',
  {
    ...unpricedLineColumns(() => articles.id),
    outputId: integer('output_id')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('output_lines_output_idx').on(t.outputId, t.position),
    index('output_lines_article_idx').on(t.tenantId, t.articleId),
  ],
);

/**
 * The tags a validated output lets through an exit gate, looked up by tag for every exit of a batch (one query
 * per batch): written when the output is validated, the window runs from its `validated_at`.
 */
export const outputTags = pgTable(
  'output_tags',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    outputId: integer('output_id')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [index('output_tags_tag_idx').on(t.tenantId, t.tagId), index('output_tags_output_idx').on(t.outputId)],
);
