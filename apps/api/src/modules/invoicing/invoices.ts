import { sql, type SQL } from 'drizzle-orm';
import {
  billingModeOf,
  customerMissingForInvoicing,
  DUE_SOON_DAYS,
  INVOICE_TRANSITIONS,
  ZInvoice,
  ZInvoiceInput,
  ZInvoiceListQuery,
  ZInvoiceStatusChange,
  ZInvoiceSummary,
  type TInvoice,
  type TInvoiceLine,
  type TArticleNature,
  type TInvoiceStatus,
  type TMissingForIssue,
  type TPaymentType,
  type TSupplyKind,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { documentList } from '../../platform/documents/document-list';
import type { DocumentContext, DocumentType } from '../../platform/documents/document-type';
import { TENANT_TIME_ZONE } from '../../platform/documents/numbering';
import { storedTotals } from '../../platform/documents/priced-lines';
import { serverTransitions } from '../../platform/documents/status-machine';
import { badRequest } from '../../platform/errors';
import { companyForDocuments, companyMissingFor } from '../company/company.service';
import { invoiceFacturX } from './einvoice';
import { documentIssued } from '../einvoicing/sending';
import { invoicePrintable } from './invoice-print';
import { customerParty, discountText, readSalesLines, writeSalesDocument } from './sales-documents';
import { reservingDocument } from '../reservations/reservations.service';
import { invoiceLines } from './invoicing.schema';

const LINES = { table: invoiceLines, parent: invoiceLines.invoiceId };
const reserving = reservingDocument('invoice', 'invoices', LINES);

type Input = z.output<typeof ZInvoiceInput>;
export type LockedInvoice = {
  id: number;
  tenantId: number;
  number: string | null;
  status: TInvoiceStatus;
  lineCount: number;
  customerId: number;
};

/** Today in the tenant's time zone, by the database's clock: due dates and labels count days from it. */
export const tenantDay = sql`(now() at time zone ${TENANT_TIME_ZONE})::date`;

/** What the customer still owes on the invoice aliased `a`: gross − paid − credited, never below 0. */
export const amountDue = (a: string): SQL => {
  const i = sql.raw(a);
  return sql`greatest(${i}.total_gross - ${i}.amount_paid - ${i}.amount_credited, 0)`;
};

/**
 * Something is still due on the invoice aliased `a` (its amountDue > 0), said without `greatest`: the planner uses
 * a partial index only when the query states its predicate the same way, and an index of the issued invoices
 * still due (`where status = 'issued' and amount_paid + amount_credited < total_gross`) serves every filter on it.
 */
export const isDue = (a: string): SQL => {
  const i = sql.raw(a);
  return sql`${i}.amount_paid + ${i}.amount_credited < ${i}.total_gross`;
};

/** The invoice aliased `a` is late (the label 'overdue'), said as plain conditions an index of those still due serves. */
export const isOverdue = (a: string): SQL => {
  const i = sql.raw(a);
  return sql`${i}.status = 'issued' and ${i}.due_date < ${tenantDay} and ${isDue(a)}`;
};

/**
 * The payment label's code (SPEC) of the invoice aliased `a`, in SQL so that lists filter and sort on it:
 * none for drafts and canceled invoices; on account when nothing is due and a credit note gave part of what this
 * invoice was paid back on the customer's account; paid when nothing is due; overdue past the due date; partial
 * once something is paid; due within
 * DUE_SOON_DAYS days (0: today); else days left. The one definition: lists, the filter and the dashboard use it.
 */
export const paymentLabelCode = (a: string): SQL => {
  const i = sql.raw(a);
  return sql`case when ${i}.status <> 'issued' then null
    when ${amountDue(a)} = 0 and exists (select 1 from payment_allocations pa where pa.tenant_id = ${i}.tenant_id
                 and pa.invoice_id = ${i}.id and pa.credit_note_id is not null) then 'on_account'
    when ${amountDue(a)} = 0 then 'paid'
    when ${i}.due_date < ${tenantDay} then 'overdue'
    when ${i}.amount_paid > 0 then 'partial'
    when ${i}.due_date - ${tenantDay} <= ${DUE_SOON_DAYS} then 'due_soon'
    else 'days_left' end`;
};

/** The label as the contract's `{ code, days? }`: days late, or days left. */
const paymentLabel = (a: string): SQL => {
  const i = sql.raw(a);
  return sql`(select case when code is null then null else jsonb_strip_nulls(jsonb_build_object('code', code, 'days',
      case code when 'overdue' then ${tenantDay} - ${i}.due_date
                when 'due_soon' then ${i}.due_date - ${tenantDay}
                when 'days_left' then ${i}.due_date - ${tenantDay} end)) end
    from (select ${paymentLabelCode(a)} as code) l)`;
};

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

const summaryColumns = sql`o.id, o.number, o.status, o.customer_id as "customerId", c.name as "customerName",
  ${day(sql`o.invoice_date`)} as "invoiceDate", ${day(sql`o.due_date`)} as "dueDate",
  o.payment_term_days as "paymentTermDays", o.total_net::text as "totalNet", o.total_vat::text as "totalVat",
  o.total_gross::text as "totalGross", o.amount_paid::text as "amountPaid",
  o.amount_credited::text as "amountCredited", ${amountDue('o')}::text as "amountDue",
  ${paymentLabel('o')} as "paymentLabel", o.proforma_id as "proformaId", pf.number as "proformaNumber",
  o.line_count as "lineCount", ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const summaryFrom = sql`from invoices o join customers c on c.id = o.customer_id
  left join proformas pf on pf.id = o.proforma_id and pf.tenant_id = o.tenant_id`;

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TInvoice | undefined> {
  const [header] = await queryRows<Omit<TInvoice, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, ${day(sql`o.billing_date`)} as "billingDate", ${day(sql`o.order_date`)} as "orderDate",
          o.payment_mode_id as "paymentModeId", pm.label as "paymentModeLabel", o.payment_type as "paymentType",
          o.delivery_address as "deliveryAddress", o.discount, o.notes, ${isoUtc(sql`o.issued_at`)} as "issuedAt",
          coalesce(o.billing_mode, 'B1') as "billingMode", not o.billing_mode_chosen as "billingModeDerived",
          u.name as "createdByName", ${storedTotals('o', true)},
          coalesce((select json_agg(json_build_object('id', n.id, 'number', n.number, 'status', n.status,
                      'totalGross', n.total_gross::text) order by n.id)
                    from credit_notes n where n.invoice_id = o.id and n.tenant_id = o.tenant_id), '[]') as "creditNotes"
        ${summaryFrom} left join payment_modes pm on pm.id = o.payment_mode_id
        left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  const lines = await readSalesLines<TInvoiceLine>(
    tx,
    'invoice_lines',
    'invoice_id',
    id,
    tenantId,
    sql`, credited_quantity as "creditedQuantity"`,
  );
  const missingForIssue =
    header.status === 'draft' && tenantId !== null
      ? await missingForIssueOf(tx, tenantId, header.customerId, lines)
      : null;
  return { ...header, missingForIssue, lines };
}

/** yyyy-mm-dd plus a number of days (calendar arithmetic in UTC: no time zone shifts a date). */
export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** What the company sells and whether it pays VAT on debits: the billing mode of lines that do not say. */
const billingSettings = async (tx: Tx, tenantId: number) =>
  (
    await queryRows<{ supplyKind: TSupplyKind | null; vatOnDebits: boolean }>(
      tx,
      sql`select supply_kind as "supplyKind", vat_on_debits as "vatOnDebits" from company_settings
          where tenant_id = ${tenantId}`,
    )
  )[0] ?? { supplyKind: null, vatOnDebits: false };

async function write(ctx: DocumentContext, input: Input) {
  const { natures, ...written } = await writeSalesDocument(ctx, input, {
    paymentModeId: { table: 'payment_modes', id: input.paymentModeId },
  });
  return {
    ...written,
    header: {
      ...written.header,
      billing_mode: input.billingMode ?? billingModeOf(natures, await billingSettings(ctx.tx, ctx.tenantId)),
      billing_mode_chosen: input.billingMode !== null,
      invoice_date: input.invoiceDate,
      billing_date: input.billingDate,
      order_date: input.orderDate,
      payment_term_days: input.paymentTermDays,
      due_date: addDays(input.invoiceDate, input.paymentTermDays),
      payment_mode_id: input.paymentModeId,
      payment_type: input.paymentType,
      delivery_address: input.deliveryAddress,
      notes: input.notes,
    },
  };
}

/**
 * What a draft lacks before it can be issued: the company settings an invoice states, what the French rules need
 * of the customer (`customerMissingForInvoicing`), and the buyer's VAT number for an intra-community supply or
 * the VAT number or SIREN for a reverse charge (BR-IC-02, BR-AE-02).
 */
async function missingForIssueOf(
  tx: Tx,
  tenantId: number,
  customerId: number,
  lines: readonly { vatCategory: string }[],
): Promise<TMissingForIssue> {
  const [company, customer] = [await companyMissingFor(tx, tenantId), await customerParty(tx, tenantId, customerId)];
  const categories = new Set(lines.map((l) => l.vatCategory));
  const needsVat = categories.has('K') || (categories.has('AE') && !customer.siren);
  return {
    company,
    customer: [...customerMissingForInvoicing(customer), ...(needsVat && !customer.vatNumber ? ['vatNumber'] : [])],
  };
}

/**
 * Issuing: refused while the company settings lack what an invoice must state (400 `company_incomplete` naming
 * each field) or the customer what the French rules need (400 `customer_incomplete`); the invoice is dated today
 * (its number, given by the kit in this transaction, follows the dates), due after its term, and its billing mode
 * follows its lines as they are now unless one was chosen.
 */
async function issue({ tx, tenantId }: DocumentContext, invoice: LockedInvoice) {
  const lines = await queryRows<{
    vatCategory: string;
    vatRate: string;
    nature: TArticleNature | null;
    exempt: boolean;
  }>(
    tx,
    sql`select l.vat_category as "vatCategory", l.vat_rate::text as "vatRate", coalesce(a.nature, c.nature) as nature,
          l.vat_exemption_code is not null as exempt
        from invoice_lines l left join articles a on a.id = l.article_id and a.tenant_id = l.tenant_id
        left join categories c on c.id = a.category_id and c.tenant_id = a.tenant_id
        where l.invoice_id = ${invoice.id} and l.tenant_id = ${tenantId} order by l.position`,
  );
  // Drafts written before exemptions were asked for: a 0 % line still needs its legal basis.
  const unexempt = lines.flatMap((l, i) => (Number(l.vatRate) === 0 && !l.exempt ? [i] : []));
  if (unexempt.length)
    throw badRequest(
      'vat_exemption_required',
      'A line at 0 % must state why it carries no VAT',
      unexempt.map((i) => ({ field: `lines.${i}.vatExemption`, message: 'required', code: 'required' as const })),
      { line: unexempt[0]! + 1 },
    );
  const missing = await missingForIssueOf(tx, tenantId, invoice.customerId, lines);
  if (missing.company.length)
    throw badRequest(
      'company_incomplete',
      `The company settings lack what an invoice must state: ${missing.company.join(', ')}`,
      missing.company.map((field) => ({ field, message: 'required', code: 'required' as const })),
      { fields: missing.company.join(', ') },
    );
  if (missing.customer.length) {
    const { name } = await customerParty(tx, tenantId, invoice.customerId);
    throw badRequest(
      'customer_incomplete',
      `The customer lacks what an invoice must state: ${missing.customer.join(', ')}`,
      missing.customer.map((field) => ({ field, message: 'required', code: 'required' as const })),
      { fields: missing.customer.join(', '), customer: name, customerId: invoice.customerId },
    );
  }
  const derived = billingModeOf(
    lines.map((l) => l.nature),
    await billingSettings(tx, tenantId),
  );
  await tx.execute(
    sql`update invoices set invoice_date = ${tenantDay}, due_date = ${tenantDay} + payment_term_days,
          billing_mode = case when billing_mode_chosen then billing_mode else ${derived} end,
          issued_at = now() where id = ${invoice.id} and tenant_id = ${tenantId}`,
  );
  // To the buyer through the approved platform, and to the webhooks, once this transaction commits.
  await documentIssued(tx, tenantId, 'invoice', invoice.id);
}

export const invoiceListSpec = (tenantId: number | null, q: Record<string, unknown>) => {
  const spec = documentList(tenantId, q, {
    columns: summaryColumns,
    from: summaryFrom,
    equals: { status: sql`o.status`, customerId: sql`o.customer_id`, paymentLabel: paymentLabelCode('o') },
    lines: LINES,
    search: [sql`o.number`, sql`c.name`],
    sort: {
      number: sql`o.number`,
      invoiceDate: sql`o.invoice_date`,
      dueDate: sql`o.due_date`,
      customerName: sql`c.name`,
      status: sql`o.status`,
      totalNet: sql`o.total_net`,
      totalGross: sql`o.total_gross`,
      amountDue: amountDue('o'),
      createdAt: sql`o.created_at`,
    },
    defaultSort: 'invoiceDate:desc',
  });
  const unpaid =
    q.unpaid === 'true'
      ? [sql`o.status = 'issued' and ${isDue('o')}`]
      : q.unpaid === 'false'
        ? [sql`(o.status <> 'issued' or ${amountDue('o')} = 0)`]
        : [];
  // What the overdue label implies, said as a plain condition: an index of the invoices still due can serve it.
  const overdue = q.paymentLabel === 'overdue' ? [isOverdue('o')] : [];
  return { ...spec, where: [...(spec.where ?? []), ...unpaid, ...overdue] };
};

/**
 * Invoices (FA series): drafts without a number, editable and deletable; issuing numbers them without gaps and
 * makes them immutable for good (no PUT, no DELETE: 409 `document_locked`). Payments and credit notes change
 * only what is paid and credited, under the invoice's row lock.
 */
export const invoiceType: DocumentType<TInvoiceStatus, TInvoice, Input, LockedInvoice> = {
  entity: 'invoice',
  noun: 'invoice',
  table: 'invoices',
  lines: LINES,
  series: 'FA',
  numberAt: 'issued',
  editable: ['draft'],
  deletable: ['draft'],
  permissions: { read: 'invoices.read', write: 'invoices.write' },
  actions: {
    pay: { statuses: ['issued'], code: 'invalid_transition', message: 'Only an issued invoice can be paid' },
    credit: { statuses: ['issued'], code: 'invalid_transition', message: 'Only an issued invoice can be credited' },
  },
  transitions: serverTransitions(
    INVOICE_TRANSITIONS,
    'invoices.write',
    { no_lines: 'An invoice without lines cannot be issued' },
    { 'draft>issued': issue },
  ),
  lockColumns: sql`line_count as "lineCount", customer_id as "customerId"`,
  input: ZInvoiceInput,
  schemas: {
    summary: ZInvoiceSummary,
    full: ZInvoice,
    listQuery: ZInvoiceListQuery,
    statusChange: ZInvoiceStatusChange,
  },
  read: findOne,
  list: invoiceListSpec,
  write,
  // A deleted draft holds nothing: the units reserved for it are released.
  beforeDelete: reserving.release,
  logged: (i) => ({
    customerId: i.customerId,
    invoiceDate: i.invoiceDate,
    billingDate: i.billingDate,
    orderDate: i.orderDate,
    paymentTermDays: i.paymentTermDays,
    paymentModeId: i.paymentModeId,
    paymentType: i.paymentType satisfies TPaymentType,
    deliveryAddress: i.deliveryAddress,
    discount: discountText(i.discount, 'en'),
    notes: i.notes,
    lines: i.lines.length,
    totalNet: i.totalNet,
  }),
  created: (i) => [
    { field: 'lines', from: null, to: i.lines.length },
    { field: 'totalNet', from: null, to: i.totalNet },
    ...(i.proformaNumber ? [{ field: 'proforma', from: null, to: i.proformaNumber }] : []),
  ],
  printable: invoicePrintable,
  einvoice: (tx, invoice, tenantId) => (invoice.number ? invoiceFacturX(tx, tenantId, invoice) : Promise.resolve(null)),
  company: companyForDocuments,
  // The French PDF is the legal copy: kept as rendered at the issue.
  storedPdf: 'fr',
};
