import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documentAmount, documentLineColumns, documentTotalsColumns, tenantColumns } from '../../db/columns';
import { articles } from '../articles/articles.schema';
import { users } from '../auth/auth.schema';
import { customers } from '../customers/customers.schema';
import { paymentModes } from '../payment-modes/payment-modes.schema';
import { tenants } from '../tenants/tenants.schema';

/** A sales line: the kit's priced columns and why it carries no VAT (BT-121 code and BT-120 text), if so. */
const salesLineColumns = () => ({
  ...documentLineColumns(),
  vatExemptionCode: text('vat_exemption_code'),
  vatExemptionText: text('vat_exemption_text'),
});
/** The billing mode (BT-23): B1 goods, S1 services, M1 both. */
const billingMode = () => text('billing_mode');

/** The discount on a whole sales document, as the contract's `ZDocumentDiscount`. */
const discount = () => jsonb('discount').$type<{ type: 'percent' | 'amount'; value: string } | null>();
/** Sales totals: the kit's, with the line total and the discount taken off it. */
const salesTotals = () => ({
  ...documentTotalsColumns(),
  lineTotal: documentAmount('line_total').notNull().default('0'),
  allowanceTotal: documentAmount('allowance_total').notNull().default('0'),
});

/** A proforma (PF series, numbered at creation): a quote in the shape of an invoice, converted to one once. */
export const proformas = pgTable(
  'proformas',
  {
    ...tenantColumns(),
    number: text('number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    proformaDate: date('proforma_date').notNull(),
    validUntil: date('valid_until'),
    discount: discount(),
    notes: text('notes'),
    status: text('status').notNull().default('open'),
    ...salesTotals(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('proformas_tenant_number_uq').on(t.tenantId, t.number),
    check('proformas_status_ck', sql`${t.status} in ('open', 'converted', 'canceled')`),
    index('proformas_tenant_date_idx').on(t.tenantId, t.proformaDate.desc(), t.id.desc()),
    index('proformas_customer_idx').on(t.customerId),
  ],
);

export const proformaLines = pgTable(
  'proforma_lines',
  {
    ...salesLineColumns(),
    proformaId: integer('proforma_id')
      .notNull()
      .references(() => proformas.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id),
  },
  (t) => [index('proforma_lines_proforma_idx').on(t.proformaId, t.position)],
);

/**
 * An invoice: a draft has no number; issuing gives it the next number of the gapless FA series, dates it and
 * stores its totals; from then on it is never written or deleted (409 `document_locked`), only credited.
 * `amount_paid` and `amount_credited` are kept by the payments and credit notes, under the invoice's row lock.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...tenantColumns(),
    number: text('number'),
    status: text('status').notNull().default('draft'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    invoiceDate: date('invoice_date').notNull(),
    billingDate: date('billing_date'),
    orderDate: date('order_date'),
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    dueDate: date('due_date').notNull(),
    paymentModeId: integer('payment_mode_id').references(() => paymentModes.id),
    paymentType: text('payment_type').notNull().default('sepa_transfer'),
    deliveryAddress: text('delivery_address'),
    discount: discount(),
    notes: text('notes'),
    /** Derived from the lines at each write and when issued, unless `billing_mode_chosen`. */
    billingMode: billingMode(),
    billingModeChosen: boolean('billing_mode_chosen').notNull().default(false),
    ...salesTotals(),
    amountPaid: documentAmount('amount_paid').notNull().default('0'),
    amountCredited: documentAmount('amount_credited').notNull().default('0'),
    proformaId: integer('proforma_id').references(() => proformas.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('invoices_tenant_number_uq').on(t.tenantId, t.number),
    // A proforma is converted once, even when two conversions race.
    uniqueIndex('invoices_proforma_uq').on(t.proformaId),
    check('invoices_status_ck', sql`${t.status} in ('draft', 'issued', 'canceled')`),
    check('invoices_term_ck', sql`${t.paymentTermDays} in (30, 60)`),
    check('invoices_issued_number_ck', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    check(
      'invoices_amounts_ck',
      sql`${t.amountPaid} between 0 and ${t.totalGross} and ${t.amountCredited} between 0 and ${t.totalGross}`,
    ),
    index('invoices_tenant_date_idx').on(t.tenantId, t.invoiceDate.desc(), t.id.desc()),
    index('invoices_tenant_due_idx').on(t.tenantId, t.dueDate),
    index('invoices_customer_idx').on(t.customerId),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...salesLineColumns(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id),
    /** Units credited by issued credit notes: never more than the line's quantity. */
    creditedQuantity: integer('credited_quantity').notNull().default(0),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    check('invoice_lines_credited_ck', sql`${t.creditedQuantity} between 0 and ${t.quantity}`),
  ],
);

/** A credit note (avoir) on an issued invoice: a draft, then issued with the next AV number. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...tenantColumns(),
    number: text('number'),
    status: text('status').notNull().default('draft'),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    creditDate: date('credit_date').notNull(),
    reason: text('reason'),
    billingMode: billingMode(),
    ...salesTotals(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('credit_notes_tenant_number_uq').on(t.tenantId, t.number),
    check('credit_notes_status_ck', sql`${t.status} in ('draft', 'issued')`),
    index('credit_notes_tenant_date_idx').on(t.tenantId, t.creditDate.desc(), t.id.desc()),
    index('credit_notes_invoice_idx').on(t.invoiceId),
  ],
);

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    ...salesLineColumns(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    invoiceLineId: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
  },
  (t) => [index('credit_note_lines_note_idx').on(t.creditNoteId, t.position)],
);

/** How money moved (a payment received, a refund paid): by which mode, with which reference, recorded by whom. */
const moneyMovement = () => ({
  paymentModeId: integer('payment_mode_id')
    .notNull()
    .references(() => paymentModes.id),
  reference: text('reference'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment received from a customer: allocated to invoices (`payment_allocations`); what is not allocated
 * (`unallocated`) is on account. Never deleted: it is money that came in.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    paymentDate: date('payment_date').notNull(),
    amount: documentAmount('amount').notNull(),
    unallocated: documentAmount('unallocated').notNull(),
    ...moneyMovement(),
  },
  (t) => [
    check('payments_amounts_ck', sql`${t.amount} > 0 and ${t.unallocated} between 0 and ${t.amount}`),
    index('payments_tenant_customer_idx').on(t.tenantId, t.customerId),
    index('payments_tenant_date_idx').on(t.tenantId, t.paymentDate.desc(), t.id.desc()),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: documentAmount('amount').notNull(),
    /** A negative allocation: what this credit note gave back to the payment (on account again). */
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payment_allocations_amount_ck',
      sql`(${t.amount} > 0 and ${t.creditNoteId} is null) or (${t.amount} < 0 and ${t.creditNoteId} is not null)`,
    ),
    index('payment_allocations_invoice_idx').on(t.tenantId, t.invoiceId),
    index('payment_allocations_payment_idx').on(t.paymentId),
  ],
);

/**
 * Money on account paid back to the customer (a refund going out): it comes off its payment's `unallocated`.
 * Never deleted, like the payment.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    refundDate: date('refund_date').notNull(),
    amount: documentAmount('amount').notNull(),
    ...moneyMovement(),
  },
  (t) => [
    check('payment_refunds_amount_ck', sql`${t.amount} > 0`),
    index('payment_refunds_payment_idx').on(t.tenantId, t.paymentId),
  ],
);
