import { sql } from 'drizzle-orm';
import {
  DELIVERY_NOTE_TRANSITIONS,
  ZDeliveryNote,
  ZDeliveryNoteInput,
  ZDeliveryNoteListQuery,
  ZDeliveryNoteStatusChange,
  ZDeliveryNoteSummary,
  ZDeliveryNotePicked,
  type TDeliveryNote,
  type TDeliveryNoteStatus,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import type {
  DocumentContext,
  DocumentGate,
  DocumentType,
  LockedDocument,
} from '../../platform/documents/document-type';
import { gateExitCount, readGateLines } from '../../platform/documents/gate';
import {
  headerFields,
  unpricedCountsSelect,
  unpricedCreated,
  unpricedPdfItems,
} from '../../platform/documents/header-fields';
import { columnsOf, documentList } from '../../platform/documents/document-list';
import { missingReferences } from '../../platform/documents/references';
import { serverTransitions } from '../../platform/documents/status-machine';
import { unpricedLines } from '../../platform/documents/unpriced-lines';
import { badRequest } from '../../platform/errors';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { reservationDay } from '../reservations/availability';
import { reservingDocument } from '../reservations/reservations.service';
import { deliveryNoteExits, deliveryNoteLines, deliveryNotes } from './delivery-notes.schema';

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
/** A ready note lets its items through the exit gate; the exits it covered tick its lines, and are not moved again. */
const GATE: DocumentGate<TDeliveryNoteStatus> = {
  status: 'ready',
  picking: ['draft', 'ready'],
  exits: { table: deliveryNoteExits, parent: deliveryNoteExits.documentId },
  rank: 20,
  first: 'planned_date',
};
const reserving = reservingDocument('delivery_note', 'delivery_notes', LINES);

const FIELDS = headerFields(deliveryNotes, [
  'customerId',
  'invoiceId',
  'proformaId',
  'plannedDate',
  'deliveryAddress',
  'notes',
]);
const summaryColumns = sql`o.id, o.number, o.status, ${FIELDS.select}, c.name as "customerName",
  i.number as "invoiceNumber", p.number as "proformaNumber", ${unpricedCountsSelect}, ${gateExitCount(GATE)} as exited,
  ${LATE} as late, ${headerFields(deliveryNotes, ['deliveredAt', 'createdAt', 'updatedAt']).select}`;
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
      ...columnsOf({
        number: 'number',
        plannedDate: 'planned_date',
        status: 'status',
        units: 'units',
        createdAt: 'created_at',
      }),
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
    sql`select ${summaryColumns}, u.name as "createdByName",
          nullif(concat_ws(', ', c.address, nullif(concat_ws(' ', c.postcode, c.city), ''), c.country), '')
            as "customerAddress"
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  const lines = await readGateLines(tx, LINES, GATE, tenantId, id);
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
      message: 'no such proforma of the customer',
    },
  });
  errors.push(...lines.errors);
  if (errors.length)
    throw badRequest('unknown_reference', 'Unknown customer, invoice, proforma, article or tag', errors);
  return {
    header: { ...FIELDS.write(input), ...lines.counts },
    lines: lines.rows,
  };
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
  transitions: serverTransitions(
    DELIVERY_NOTE_TRANSITIONS,
    'deliveryNotes.write',
    { no_lines: 'A delivery note without lines cannot be made ready' },
    {
      // Delivered (once the kit took the stock out): the reservations it fulfils are released; canceled: its own.
      'ready>delivered': (ctx, n) =>
        reserving.deliver(ctx, n.id, [
          ['invoice', n.invoiceId],
          ['proforma', n.proformaId],
        ]),
      'ready>canceled': (ctx, n) => reserving.release(ctx, n.id),
      'delivered>canceled': (ctx, n) => reserving.release(ctx, n.id),
    },
  ),
  stock: { out: 'delivered', back: 'canceled', reason: 'delivery' },
  stamps: { delivered: 'delivered_at' },
  gate: GATE,
  lockColumns: sql`line_count as "lineCount", invoice_id as "invoiceId", proforma_id as "proformaId"`,
  input: ZDeliveryNoteInput,
  schemas: {
    summary: ZDeliveryNoteSummary,
    full: ZDeliveryNote,
    listQuery: ZDeliveryNoteListQuery,
    statusChange: ZDeliveryNoteStatusChange,
    picked: ZDeliveryNotePicked,
  },
  read: findOne,
  list: listSpec,
  write,
  beforeDelete: reserving.release,
  logged: (n) => ({ ...FIELDS.logged(n), lines: n.lineCount, units: n.units, epcs: n.epcCount }),
  created: unpricedCreated,
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
      items: unpricedPdfItems(note.lines),
      signatures: true,
      notes: note.notes,
    };
  },
  company: companyForDocuments,
};
