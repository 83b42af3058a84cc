import { sql } from 'drizzle-orm';
import {
  DELIVERY_NOTE_TRANSITIONS,
  ZDeliveryNote,
  ZDeliveryNoteInput,
  ZDeliveryNoteListQuery,
  ZDeliveryNoteStatusChange,
  ZDeliveryNoteSummary,
  type TDeliveryNote,
  type TDeliveryNoteLine,
  type TDeliveryNoteStatus,
  type TPickRefusal,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc, jsonList, jsonRows } from '../../db/sql-fragments';
import type { DocumentContext, DocumentType, LockedDocument } from '../../platform/documents/document-type';
import { columnsOf, documentList } from '../../platform/documents/document-list';
import { missingReferences } from '../../platform/documents/references';
import { serverTransitions } from '../../platform/documents/status-machine';
import { unpricedLines, unpricedLineSelect } from '../../platform/documents/unpriced-lines';
import { badRequest } from '../../platform/errors';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { reservationDay } from '../reservations/availability';
import { consumeForDocument, releaseForDocument } from '../reservations/reservations.service';
import { deliveryNoteLines } from './delivery-notes.schema';

const LINES = { table: deliveryNoteLines, parent: deliveryNoteLines.deliveryNoteId };
type Input = z.output<typeof ZDeliveryNoteInput>;
type Locked = LockedDocument<TDeliveryNoteStatus> & {
  lineCount: number;
  invoiceId: number | null;
  proformaId: number | null;
};

const PDF_LABELS: Record<PdfLanguage, Record<'title' | 'draft' | 'planned' | 'source' | 'address', string>> = {
  fr: {
    title: 'Bon de livraison',
    draft: 'Brouillon',
    planned: 'Livraison prévue',
    source: 'Facture / proforma',
    address: 'Adresse de livraison',
  },
  en: {
    title: 'Delivery note',
    draft: 'Draft',
    planned: 'Planned delivery',
    source: 'Invoice / proforma',
    address: 'Delivery address',
  },
};

/** Not delivered (nor canceled) and planned before today (the tenants' day). */
export const LATE = sql`(o.status in ('draft', 'ready') and o.planned_date < ${reservationDay})`;
const exitedOf = sql`(select count(*)::int from delivery_note_exits x where x.delivery_note_id = o.id and x.tenant_id = o.tenant_id)`;

const summaryColumns = sql`o.id, o.number, o.customer_id as "customerId", c.name as "customerName",
  o.invoice_id as "invoiceId", i.number as "invoiceNumber", o.proforma_id as "proformaId", p.number as "proformaNumber",
  to_char(o.planned_date, 'YYYY-MM-DD') as "plannedDate", o.status, o.line_count as "lineCount", o.units,
  o.epc_count as "epcCount", ${exitedOf} as exited, ${LATE} as late, ${isoUtc(sql`o.delivered_at`)} as "deliveredAt",
  ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const summaryFrom = sql`from delivery_notes o join customers c on c.id = o.customer_id
  left join invoices i on i.id = o.invoice_id left join proformas p on p.id = o.proforma_id`;

function listSpec(tenantId: number | null, q: Record<string, unknown>) {
  const spec = documentList(tenantId, q, {
    columns: summaryColumns,
    from: summaryFrom,
    equals: columnsOf({
      status: 'status',
      customerId: 'customer_id',
      invoiceId: 'invoice_id',
      proformaId: 'proforma_id',
    }),
    lines: LINES,
    search: [sql`o.number`, sql`c.name`, sql`i.number`, sql`p.number`],
    sort: {
      ...columnsOf({ number: 'number', plannedDate: 'planned_date', status: 'status', units: 'units' }),
      ...columnsOf({ createdAt: 'created_at' }),
      customerName: sql`c.name`,
    },
    defaultSort: 'plannedDate:desc',
  });
  if (q.late === 'true') spec.where!.push(LATE);
  if (q.late === 'false') spec.where!.push(sql`not ${LATE}`);
  return spec;
}

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TDeliveryNote | undefined> {
  const [header] = await queryRows<Omit<TDeliveryNote, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, o.delivery_address as "deliveryAddress", o.notes, u.name as "createdByName",
          nullif(concat_ws(', ', c.address, nullif(concat_ws(' ', c.postcode, c.city), ''), c.country), '')
            as "customerAddress"
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  // Each line ticked by the items of its article that left under the note, taken in the lines' order.
  const lines = await queryRows<TDeliveryNoteLine>(
    tx,
    sql`with l as (select ${unpricedLineSelect},
              sum(quantity) over (partition by article_id order by position) - quantity as before
            from delivery_note_lines where delivery_note_id = ${id} and tenant_id = ${tenantId}),
          x as (select article_id, count(*)::int as units from delivery_note_exits
            where delivery_note_id = ${id} and tenant_id = ${tenantId} group by article_id)
        select l.id, l.position, l."articleId", l.reference, l.designation, l.quantity, l.epcs,
          least(l.quantity, greatest(0, coalesce(x.units, 0) - l.before))::int as exited
        from l left join x on x.article_id = l."articleId" order by l.position`,
  );
  return { ...header, lines };
}

/**
 * The customer, the invoice or proforma it delivers (of that customer), and the lines' articles and EPCs, each
 * checked in the caller's tenant.
 */
async function write({ tx, tenantId }: DocumentContext, input: Input) {
  const lines = await unpricedLines(tx, tenantId, input.lines);
  const ofCustomer = sql`customer_id = ${input.customerId}`;
  const errors = await missingReferences(tx, tenantId, {
    customerId: { table: 'customers', id: input.customerId },
    invoiceId: {
      table: 'invoices',
      id: input.invoiceId,
      where: ofCustomer,
      message: 'no such invoice of this customer',
    },
    proformaId: {
      table: 'proformas',
      id: input.proformaId,
      where: ofCustomer,
      message: 'no such proforma of this customer',
    },
  });
  errors.push(...lines.errors);
  if (errors.length)
    throw badRequest('unknown_reference', 'Unknown customer, invoice, proforma, article or tag', errors);
  return {
    header: {
      customer_id: input.customerId,
      invoice_id: input.invoiceId,
      proforma_id: input.proformaId,
      planned_date: input.plannedDate,
      delivery_address: input.deliveryAddress,
      notes: input.notes,
      line_count: input.lines.length,
      units: lines.units,
      epc_count: lines.epcCount,
    },
    lines: lines.rows,
  };
}

/**
 * Lists picked EPCs on the note's lines (the note locked by the caller): each to the first line of its tag's article
 * with room, in the lines' order; answers those left out and why. Three statements whatever the number of EPCs.
 */
export async function pickEpcs({ tx, tenantId }: DocumentContext, id: number, epcs: readonly string[]) {
  const tags = await queryRows<{ epc: string; articleId: number | null }>(
    tx,
    sql`select t.epc, t.article_id as "articleId" from ${jsonList([...new Set(epcs)])} e(epc)
        join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc`,
  );
  const lines = await queryRows<{ id: number; articleId: number | null; quantity: number; epcs: string[] }>(
    tx,
    sql`select id, article_id as "articleId", quantity, epcs from delivery_note_lines
        where delivery_note_id = ${id} and tenant_id = ${tenantId} order by position`,
  );
  const articleOf = new Map(tags.map((t) => [t.epc, t.articleId]));
  const listed = new Set(lines.flatMap((l) => l.epcs));
  const unmatched: { epc: string; reason: TPickRefusal }[] = [];
  for (const epc of new Set(epcs)) {
    if (listed.has(epc)) continue;
    if (!articleOf.has(epc)) {
      unmatched.push({ epc, reason: 'unknown_tag' });
      continue;
    }
    const ofArticle = lines.filter((l) => l.articleId !== null && l.articleId === articleOf.get(epc));
    const line = ofArticle.find((l) => l.epcs.length < l.quantity);
    if (line) line.epcs.push(epc);
    else unmatched.push({ epc, reason: ofArticle.length ? 'no_room' : 'not_on_note' });
    listed.add(epc);
  }
  await tx.execute(
    sql`update delivery_note_lines l set epcs = v.epcs
        from ${jsonRows(lines.map((l) => ({ id: l.id, epcs: l.epcs })))} as v(id int, epcs text[])
        where l.id = v.id and l.tenant_id = ${tenantId}`,
  );
  await tx.execute(
    sql`update delivery_notes set epc_count = ${lines.reduce((n, l) => n + l.epcs.length, 0)}, updated_at = now()
        where id = ${id} and tenant_id = ${tenantId}`,
  );
  return unmatched;
}

/** The reservations a delivery takes: the note's own, and those of the invoice or proforma it delivers. */
const sourcesOf = (note: Locked) => [
  { type: 'delivery_note' as const, id: note.id },
  ...(note.invoiceId ? [{ type: 'invoice' as const, id: note.invoiceId }] : []),
  ...(note.proformaId ? [{ type: 'proforma' as const, id: note.proformaId }] : []),
];

/** Delivered (after the kit took the stock out): the reservations it fulfils are released. */
async function deliver(ctx: DocumentContext, note: Locked) {
  const { tx, tenantId } = ctx;
  await tx.execute(
    sql`update delivery_notes set delivered_at = now() where id = ${note.id} and tenant_id = ${tenantId}`,
  );
  const delivered = await queryRows<{ articleId: number; quantity: number }>(
    tx,
    sql`select article_id as "articleId", sum(quantity)::int as quantity from delivery_note_lines
        where delivery_note_id = ${note.id} and tenant_id = ${tenantId} and article_id is not null group by article_id`,
  );
  await consumeForDocument(tx, ctx, 'delivery_note', note.id);
  for (const source of sourcesOf(note).slice(1)) await consumeForDocument(tx, ctx, source.type, source.id, delivered);
}

/** Canceled: what the note itself held is released (the kit brings back the stock of a delivered note). */
async function cancel(ctx: DocumentContext, note: Locked) {
  await releaseForDocument(ctx.tx, ctx, 'delivery_note', note.id, 'cancellation');
  await ctx.tx.execute(
    sql`update delivery_notes set delivered_at = null where id = ${note.id} and tenant_id = ${ctx.tenantId}`,
  );
}

/** Delivery notes (BL series): drafts, numbered when ready; delivered or canceled. */
export const deliveryNoteType: DocumentType<TDeliveryNoteStatus, TDeliveryNote, Input, Locked> = {
  entity: 'delivery_note',
  noun: 'delivery note',
  table: 'delivery_notes',
  lines: LINES,
  series: 'BL',
  numberAt: 'ready',
  editable: ['draft', 'ready'],
  deletable: ['draft'],
  permissions: { read: 'deliveryNotes.read', write: 'deliveryNotes.write' },
  actions: {
    pick: {
      statuses: ['draft', 'ready'],
      code: 'document_locked',
      message: 'Only a draft or ready delivery note takes picked items',
    },
  },
  transitions: serverTransitions(
    DELIVERY_NOTE_TRANSITIONS,
    'deliveryNotes.write',
    { no_lines: 'A delivery note without lines cannot be made ready' },
    { 'ready>delivered': deliver, 'ready>canceled': cancel, 'delivered>canceled': cancel },
  ),
  // The items already counted out at an exit gate under the note are neither moved nor checked again.
  stock: {
    out: 'delivered',
    back: 'canceled',
    reason: 'delivery',
    alreadyMoved: ({ tenantId }, note) =>
      sql`select article_id, tag_id from delivery_note_exits where delivery_note_id = ${note.id} and tenant_id = ${tenantId}`,
  },
  lockColumns: sql`line_count as "lineCount", invoice_id as "invoiceId", proforma_id as "proformaId"`,
  input: ZDeliveryNoteInput,
  schemas: {
    summary: ZDeliveryNoteSummary,
    full: ZDeliveryNote,
    listQuery: ZDeliveryNoteListQuery,
    statusChange: ZDeliveryNoteStatusChange,
  },
  read: findOne,
  list: listSpec,
  write,
  beforeDelete: (ctx, id) => releaseForDocument(ctx.tx, ctx, 'delivery_note', id, 'cancellation').then(() => {}),
  logged: (n) => ({
    customerId: n.customerId,
    invoiceId: n.invoiceId,
    proformaId: n.proformaId,
    plannedDate: n.plannedDate,
    deliveryAddress: n.deliveryAddress,
    notes: n.notes,
    lines: n.lineCount,
    units: n.units,
    epcs: n.epcCount,
  }),
  created: (n) => [
    { field: 'lines', from: null, to: n.lineCount },
    { field: 'units', from: null, to: n.units },
  ],
  async printable(_tx, note, language) {
    const labels = PDF_LABELS[language];
    const address = note.deliveryAddress ?? note.customerAddress;
    const source = note.invoiceNumber ?? note.proformaNumber;
    return {
      title: labels.title,
      number: note.number ?? labels.draft,
      date: note.plannedDate,
      partyRole: 'customer',
      party: { name: note.customerName, lines: address ? address.split(/\n|, /) : [] },
      fields: [
        { label: labels.planned, value: formatDate(note.plannedDate, language) },
        ...(source ? [{ label: labels.source, value: source }] : []),
        ...(note.deliveryAddress ? [{ label: labels.address, value: note.deliveryAddress }] : []),
      ],
      items: note.lines.map((l) => ({
        reference: l.reference,
        designation: l.designation,
        quantity: l.quantity,
        detail: l.epcs.join(' '),
      })),
      signatures: true,
      notes: note.notes,
    };
  },
  company: companyForDocuments,
};
