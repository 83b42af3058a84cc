import { sql } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import {
  CREDIT_NOTE_TRANSITIONS,
  ZCreditNote,
  ZCreditNoteInput,
  ZCreditNoteListQuery,
  ZCreditNoteStatusChange,
  ZCreditNoteSummary,
  type TCreditNote,
  type TCreditNoteStatus,
  type TSalesLine,
  type TVatBreakdown,
  type TVatExemption,
} from '@tagstock/contract';
import { documentTotals, vatKey } from '@tagstock/contract/money';
import type { z } from 'zod';
import { jsonRows, isoUtc } from '../../db/sql-fragments';
import { queryRows, type Tx } from '../../db/client';
import { documentList } from '../../platform/documents/document-list';
import type { DocumentContext, DocumentType, LockedDocument } from '../../platform/documents/document-type';
import { pricedLines, storedTotals } from '../../platform/documents/priced-lines';
import { serverTransitions } from '../../platform/documents/status-machine';
import { badRequest, conflict, notFound, type FieldError } from '../../platform/errors';
import { logActivity } from '../../platform/activity-log';
import { companyForDocuments } from '../company/company.service';
import { creditNoteFacturX } from './einvoice';
import { creditNotePrintable } from './invoice-print';
import { tenantDay } from './invoices';
import { releaseToAccount } from './payments';
import { exemptBreakdown, exemptionColumns, exemptionSelect } from './sales-documents';
import { creditNoteLines } from './invoicing.schema';
import { documentIssued } from '../einvoicing/sending';

type Input = z.output<typeof ZCreditNoteInput>;
type LockedNote = LockedDocument<TCreditNoteStatus> & { invoiceId: number };

/** An invoice line as a credit note takes it: its priced columns and what issued credit notes already took. */
type InvoiceLine = {
  id: number;
  reference: string;
  designation: string;
  quantity: number;
  unitPrice: string;
  discount: string;
  vatRate: string;
  vatCategory: TVatBreakdown['category'];
  vatExemption: TVatExemption | null;
  creditedQuantity: number;
  netAmount: string;
  /** Σ net of this line on the invoice's other issued credit notes. */
  creditedNet: string;
};
type InvoiceHead = {
  id: number;
  status: string;
  totalGross: string;
  amountCredited: string;
  amountPaid: string;
  billingMode: string;
  byRate: (TVatBreakdown & { allowance?: string })[];
};

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

async function invoiceOf(tx: Tx, tenantId: number, invoiceId: number, noteId: number | null, lock: boolean) {
  const [head] = await queryRows<InvoiceHead>(
    tx,
    sql`select id, status, total_gross::text as "totalGross", amount_credited::text as "amountCredited",
          amount_paid::text as "amountPaid", coalesce(billing_mode, 'B1') as "billingMode", vat_breakdown as "byRate"
        from invoices where id = ${invoiceId} and tenant_id = ${tenantId}${lock ? sql` for update` : sql``}`,
  );
  if (!head) throw notFound('invoice');
  const lines = await queryRows<InvoiceLine>(
    tx,
    sql`select id, reference, designation, quantity, unit_price::text as "unitPrice", discount::text as discount,
          vat_rate::text as "vatRate", vat_category as "vatCategory", ${exemptionSelect('l')},
          credited_quantity as "creditedQuantity",
          net_amount::text as "netAmount",
          (select coalesce(sum(cl.net_amount), 0)::text from credit_note_lines cl
             join credit_notes n on n.id = cl.credit_note_id and n.status = 'issued'
             where cl.invoice_line_id = l.id and cl.tenant_id = ${tenantId}
               ${noteId ? sql`and n.id <> ${noteId}` : sql``}) as "creditedNet"
        from invoice_lines l where invoice_id = ${invoiceId} and tenant_id = ${tenantId} order by position`,
  );
  return { head, lines };
}

/** The credit notes already issued on the invoice: their VAT rows, to give the last one the exact remainder. */
const issuedRows = (tx: Tx, tenantId: number, invoiceId: number, except: number | null) =>
  queryRows<{ byRate: (TVatBreakdown & { allowance?: string })[] }>(
    tx,
    sql`select vat_breakdown as "byRate" from credit_notes
        where invoice_id = ${invoiceId} and tenant_id = ${tenantId} and status = 'issued'
          ${except ? sql`and id <> ${except}` : sql``}`,
  );

/**
 * The lines and totals of a credit note on an invoice. Each credited line takes its invoice line's price, and
 * each VAT row the invoice's discount in proportion to what it credits. The credit note that completes the
 * invoice (every unit credited) takes exactly what the earlier ones left, row by row, so that the credit notes
 * of an invoice add up to it to the cent (Dolibarr left 1-cent remainders there).
 */
async function creditLines(
  tx: Tx,
  tenantId: number,
  input: { invoiceId: number; lines: { invoiceLineId: number; quantity: number }[] | 'all' },
  noteId: number | null,
  lock: boolean,
) {
  const { head, lines } = await invoiceOf(tx, tenantId, input.invoiceId, noteId, lock);
  if (head.status !== 'issued')
    throw conflict('invalid_transition', 'Only an issued invoice can be credited', undefined, { status: head.status });
  const byId = new Map(lines.map((l) => [l.id, l]));
  const asked =
    input.lines === 'all'
      ? lines
          .filter((l) => l.quantity > l.creditedQuantity)
          .map((l) => ({ invoiceLineId: l.id, quantity: l.quantity - l.creditedQuantity }))
      : input.lines;
  const unknown: FieldError[] = asked.flatMap((l, i) =>
    byId.has(l.invoiceLineId)
      ? []
      : [{ field: `lines.${i}.invoiceLineId`, message: 'not a line of this invoice', code: 'not_found' as const }],
  );
  if (unknown.length) throw badRequest('unknown_reference', 'Lines that are not the invoice’s', unknown);
  const wanted = new Map<number, number>();
  for (const l of asked) wanted.set(l.invoiceLineId, (wanted.get(l.invoiceLineId) ?? 0) + l.quantity);
  const over = [...wanted].filter(([id, q]) => q > byId.get(id)!.quantity - byId.get(id)!.creditedQuantity);
  if (!asked.length || over.length)
    throw conflict(
      'credit_exceeds_invoice',
      asked.length
        ? 'The credit notes of an invoice cannot exceed it'
        : 'Everything on this invoice is already credited',
      over.map(([id]) => ({
        field: `lines`,
        message: `line ${id}: more than is left to credit`,
        code: 'too_many' as const,
      })),
    );
  const credited = [...wanted].map(([id, quantity]) => ({ ...byId.get(id)!, quantity }));
  const completes = lines.every((l) => l.quantity - l.creditedQuantity === (wanted.get(l.id) ?? 0));
  // The discount's share per VAT row: the invoice row's allowance × credited line total / invoice line total.
  const creditedTotals = documentTotals(credited);
  const invoiceRows = new Map(head.byRate.map((r) => [vatKey(r.category, r.rate), r]));
  const allowances = new Map(
    creditedTotals.byRate.map((r) => {
      const key = vatKey(r.category, r.rate);
      const row = invoiceRows.get(key);
      const allowance = new D(row?.allowance ?? 0);
      const whole = new D(row?.base ?? 0).plus(allowance);
      const share = whole.isZero() ? new D(0) : allowance.times(r.base).dividedBy(whole);
      return [key, share.toDecimalPlaces(2).toFixed(2)];
    }),
  );
  const priced = pricedLines(credited, (l) => ({ invoice_line_id: l.id, ...exemptionColumns(l) }), { allowances });
  priced.header.vat_breakdown = JSON.stringify(exemptBreakdown(priced.totals.byRate, credited));
  if (completes) {
    // Each line's net is what the earlier credit notes left of it, and so is each VAT row.
    priced.rows.forEach((row, i) => {
      row.net_amount = new D(credited[i]!.netAmount).minus(credited[i]!.creditedNet).toFixed(2);
    });
    const earlier = (await issuedRows(tx, tenantId, head.id, noteId)).flatMap((n) => n.byRate);
    const inNote = new Set(creditedTotals.byRate.map((r) => vatKey(r.category, r.rate)));
    const left = head.byRate
      .filter((r) => inNote.has(vatKey(r.category, r.rate)))
      .map((r) => {
        const key = vatKey(r.category, r.rate);
        const taken = earlier.filter((e) => vatKey(e.category, e.rate) === key);
        const minus = (pick: (x: { base: string; vat: string; allowance?: string }) => string | undefined) =>
          taken.reduce((s, e) => s.minus(pick(e) ?? 0), new D(pick(r) ?? 0)).toFixed(2);
        return {
          category: r.category,
          rate: r.rate,
          ...(r.exemption ? { exemption: r.exemption } : {}),
          base: minus((x) => x.base),
          vat: minus((x) => x.vat),
          allowance: minus((x) => x.allowance),
        };
      });
    const sum = (pick: (x: (typeof left)[number]) => string) => left.reduce((s, r) => s.plus(pick(r)), new D(0));
    const net = sum((r) => r.base);
    const vat = sum((r) => r.vat);
    Object.assign(priced.header, {
      line_total: priced.rows.reduce((s, r) => s.plus(r.net_amount), new D(0)).toFixed(2),
      total_net: net.toFixed(2),
      total_vat: vat.toFixed(2),
      total_gross: net.plus(vat).toFixed(2),
      vat_breakdown: JSON.stringify(left),
      allowance_total: sum((r) => r.allowance).toFixed(2),
    });
  }
  return { head, priced, credited };
}

async function write(ctx: DocumentContext, input: Input) {
  const { priced, head } = await creditLines(
    ctx.tx,
    ctx.tenantId,
    { invoiceId: input.invoiceId, lines: 'full' in input ? 'all' : input.lines },
    null,
    false,
  );
  return {
    header: {
      invoice_id: input.invoiceId,
      credit_date: await today(ctx.tx),
      reason: input.reason,
      billing_mode: head.billingMode,
      ...priced.header,
    },
    lines: priced.rows,
  };
}

const today = async (tx: Tx) =>
  (await queryRows<{ d: string }>(tx, sql`select to_char(${tenantDay}, 'YYYY-MM-DD') as d`))[0]!.d;

/**
 * Issuing, under the invoice's row lock (two credit notes issued at once wait for each other): the quantities
 * are checked again against what is left to credit (409 `credit_exceeds_invoice`), the totals computed again
 * (the completing note takes the remainder), the invoice's credited units and amount go up, and an invoice
 * credited in full is canceled.
 */
async function issue({ tx, tenantId, userId }: DocumentContext, note: LockedNote) {
  const lines = await queryRows<{ invoiceLineId: number; quantity: number }>(
    tx,
    sql`select invoice_line_id as "invoiceLineId", quantity from credit_note_lines
        where credit_note_id = ${note.id} and tenant_id = ${tenantId}`,
  );
  const { priced, head } = await creditLines(tx, tenantId, { invoiceId: note.invoiceId, lines }, note.id, true);
  const h = priced.header as Record<string, unknown>;
  await tx.execute(
    sql`update credit_notes set total_net = ${h.total_net}, total_vat = ${h.total_vat}, total_gross = ${h.total_gross},
          vat_breakdown = ${h.vat_breakdown}::jsonb, allowance_total = ${h.allowance_total},
          line_total = ${h.line_total}, credit_date = ${tenantDay}, issued_at = now()
        where id = ${note.id} and tenant_id = ${tenantId}`,
  );
  await tx.execute(
    sql`update invoice_lines l set credited_quantity = l.credited_quantity + x.quantity
        from ${jsonRows(lines)} as x("invoiceLineId" int, quantity int)
        where l.id = x."invoiceLineId" and l.tenant_id = ${tenantId} and l.invoice_id = ${note.invoiceId}`,
  );
  await documentIssued(tx, tenantId, 'credit_note', note.id);
  // Paid beyond what the credit leaves to pay: the difference goes back on the customer's account.
  const amountPaid = await releaseToAccount(tx, tenantId, userId, head.id, {
    id: note.id,
    credit: h.total_gross as string,
  });
  await tx.execute(
    sql`update invoices set amount_credited = amount_credited + ${h.total_gross}::numeric,
          status = case when not exists (select 1 from invoice_lines where invoice_id = ${head.id}
                          and tenant_id = ${tenantId} and credited_quantity < quantity) then 'canceled' else status end,
          updated_at = now()
        where id = ${head.id} and tenant_id = ${tenantId}`,
  );
  // The invoice's history says it was credited, by which credit note and how much.
  await logActivity(tx, {
    tenantId,
    userId,
    entity: 'invoice',
    entityId: head.id,
    action: 'credited',
    summary: `${note.number}: ${h.total_gross as string}`,
    changes: [
      {
        field: 'amountCredited',
        from: head.amountCredited,
        to: new D(head.amountCredited).plus(h.total_gross as string).toFixed(2),
      },
      ...(amountPaid === head.amountPaid ? [] : [{ field: 'amountPaid', from: head.amountPaid, to: amountPaid }]),
    ],
  });
}

const summaryColumns = sql`o.id, o.number, o.status, o.invoice_id as "invoiceId", i.number as "invoiceNumber",
  to_char(i.invoice_date, 'YYYY-MM-DD') as "invoiceDate", i.customer_id as "customerId", c.name as "customerName",
  to_char(o.credit_date, 'YYYY-MM-DD') as "creditDate", o.total_net::text as "totalNet",
  o.total_vat::text as "totalVat", o.total_gross::text as "totalGross", o.line_count as "lineCount",
  ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const summaryFrom = sql`from credit_notes o join invoices i on i.id = o.invoice_id and i.tenant_id = o.tenant_id
  join customers c on c.id = i.customer_id`;

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TCreditNote | undefined> {
  const [header] = await queryRows<Omit<TCreditNote, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, o.reason, coalesce(o.billing_mode, i.billing_mode, 'B1') as "billingMode",
          ${isoUtc(sql`o.issued_at`)} as "issuedAt",
          u.name as "createdByName", ${storedTotals('o', true)},
          (select coalesce(-sum(a.amount), 0)::numeric(22, 2)::text from payment_allocations a
           where a.credit_note_id = o.id and a.tenant_id = o.tenant_id) as "releasedToAccount"
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  const lines = await queryRows<TSalesLine & { invoiceLineId: number }>(
    tx,
    sql`select l.id, l.position, l.reference, l.designation, l.quantity, round(l.unit_price, 2)::text as "unitPrice",
          l.discount::text as discount, l.vat_rate::text as "vatRate", l.vat_category as "vatCategory",
          l.net_amount::text as "netAmount", ${exemptionSelect('l')}, il.article_id as "articleId", l.invoice_line_id as "invoiceLineId"
        from credit_note_lines l join invoice_lines il on il.id = l.invoice_line_id
        where l.credit_note_id = ${id} and l.tenant_id = ${tenantId} order by l.position`,
  );
  return { ...header, lines };
}

/** Credit notes (avoirs, AV series): drafts made from an issued invoice, numbered without gaps when issued. */
export const creditNoteType: DocumentType<TCreditNoteStatus, TCreditNote, Input, LockedNote> = {
  entity: 'credit_note',
  noun: 'credit note',
  table: 'credit_notes',
  lines: { table: creditNoteLines, parent: creditNoteLines.creditNoteId },
  series: 'AV',
  numberAt: 'issued',
  editable: [],
  deletable: ['draft'],
  permissions: { read: 'invoices.read', write: 'invoices.write' },
  transitions: serverTransitions(CREDIT_NOTE_TRANSITIONS, 'invoices.write', {}, { 'draft>issued': issue }),
  lockColumns: sql`invoice_id as "invoiceId"`,
  input: ZCreditNoteInput,
  schemas: {
    summary: ZCreditNoteSummary,
    full: ZCreditNote,
    listQuery: ZCreditNoteListQuery,
    statusChange: ZCreditNoteStatusChange,
  },
  read: findOne,
  list: (tenantId, q) =>
    documentList(tenantId, q, {
      columns: summaryColumns,
      from: summaryFrom,
      equals: { status: sql`o.status`, invoiceId: sql`o.invoice_id`, customerId: sql`i.customer_id` },
      search: [sql`o.number`, sql`i.number`, sql`c.name`],
      sort: {
        number: sql`o.number`,
        creditDate: sql`o.credit_date`,
        invoiceNumber: sql`i.number`,
        customerName: sql`c.name`,
        status: sql`o.status`,
        totalGross: sql`o.total_gross`,
        createdAt: sql`o.created_at`,
      },
      defaultSort: 'creditDate:desc',
    }),
  write,
  logged: (n) => ({ reason: n.reason, lines: n.lines.length, totalGross: n.totalGross }),
  created: (n) => [
    { field: 'invoice', from: null, to: n.invoiceNumber },
    { field: 'lines', from: null, to: n.lines.length },
    { field: 'totalGross', from: null, to: n.totalGross },
  ],
  printable: creditNotePrintable,
  einvoice: (tx, note, tenantId) => (note.number ? creditNoteFacturX(tx, tenantId, note) : Promise.resolve(null)),
  company: companyForDocuments,
  // The French PDF is the legal copy: kept as rendered at the issue.
  storedPdf: 'fr',
};
