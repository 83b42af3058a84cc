import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type {
  TEinvoiceFailureSource,
  TEinvoiceParty,
  TReceivedInvoiceLine,
  TReceivedInvoiceTotals,
  TReceivedVatBreakdown,
} from '@tagstock/contract';
import { bytea, tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { purchaseOrders } from '../purchasing/purchasing.schema';
import { suppliers } from '../suppliers/suppliers.schema';

/**
 * What a received invoice says, as read from its XML: kept as read, never recomputed; and two facts of its
 * reception that have no column of their own.
 */
export type ReceivedInvoiceContent = {
  specification: string | null;
  seller: TEinvoiceParty;
  buyer: TEinvoiceParty;
  lines: TReceivedInvoiceLine[];
  vatBreakdown: TReceivedVatBreakdown[];
  totals: TReceivedInvoiceTotals;
  /** Fatal failures of the Factur-X profile and French CTC rules; absent when received before they were checked. */
  frErrorCount?: number;
  /** Received although its buyer is another company, once the user confirmed it. */
  buyerConfirmed?: boolean;
};

/**
 * A failed check as the validator reported it (English; French for the BR-FR rules); the French text is given
 * when it is read. `source` is absent on invoices received before the checks were named (schema and EN 16931).
 */
export type StoredFailure = {
  ruleId: string;
  flag: 'fatal' | 'warning';
  message: string;
  location: string | null;
  source?: TEinvoiceFailureSource;
};

const amount = (name: string) => numeric(name, { precision: 24, scale: 6 });

/**
 * A supplier invoice received as a Factur-X PDF or a CII XML: the original bytes, unchanged (`file`), what its XML
 * says, the outcome of the official checks, and the supplier and purchase order it was matched to. The same file
 * (`sha256` of the original) is received once per tenant.
 */
export const receivedInvoices = pgTable(
  'received_invoices',
  {
    ...tenantColumns(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    file: bytea('file').notNull(),
    number: text('number'),
    typeCode: text('type_code'),
    issueDate: date('issue_date'),
    dueDate: date('due_date'),
    currency: text('currency'),
    sellerName: text('seller_name'),
    sellerVatNumber: text('seller_vat_number'),
    sellerSiren: text('seller_siren'),
    /** The purchase order reference the invoice gives (BT-13). */
    buyerOrderReference: text('buyer_order_reference'),
    totalNet: amount('total_net'),
    totalGross: amount('total_gross'),
    duePayable: amount('due_payable'),
    lineCount: integer('line_count').notNull().default(0),
    content: jsonb('content').$type<ReceivedInvoiceContent>().notNull(),
    valid: boolean('valid').notNull(),
    errorCount: integer('error_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    /** At most RECEIVED_INVOICE_FAILURES_MAX of them; error_count + warning_count says how many there were. */
    failures: jsonb('failures').$type<StoredFailure[]>().notNull().default([]),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    receivedBy: integer('received_by').references(() => users.id),
  },
  (t) => [
    unique('received_invoices_tenant_sha256_uq').on(t.tenantId, t.sha256),
    check('received_invoices_file_type_ck', sql`${t.fileType} in ('application/pdf', 'application/xml')`),
    check('received_invoices_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index('received_invoices_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('received_invoices_supplier_idx').on(t.supplierId),
    index('received_invoices_purchase_order_idx').on(t.purchaseOrderId),
  ],
);
