import { sql } from 'drizzle-orm';
import * as C from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import * as kit from '../../platform/documents/kit';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { reservationDay } from '../reservations/availability';
import { reservingDocument } from '../reservations/reservations.service';
import { deliveryNoteExits, deliveryNoteLines, deliveryNotes } from './delivery-notes.schema';

const LINES = { table: deliveryNoteLines, parent: deliveryNoteLines.deliveryNoteId };
type Input = z.output<typeof C.ZDeliveryNoteInput>;
type Locked = kit.LockedDocument<C.TDeliveryNoteStatus> &
  Pick<C.TDeliveryNote, 'lineCount' | 'invoiceId' | 'proformaId'>;

const PDF: Record<'title' | 'draft' | 'planned' | 'source' | 'address', Record<PdfLanguage, string>> = {
  title: { fr: 'Bon de livraison', en: 'Delivery note' },
  draft: { fr: 'Brouillon', en: 'Draft' },
  planned: { fr: 'Livraison prévue', en: 'Planned delivery' },
  source: { fr: 'Facture / proforma', en: 'Invoice / proforma' },
  address: { fr: 'Adresse de livraison', en: 'Delivery address' },
};

/** Not delivered (nor canceled) and planned before today (the tenants' day). */
export const LATE = sql`(o.status in ('draft', 'ready') and o.planned_date < ${reservationDay})`;
/** A ready note lets its items through the exit gate; the exits it covered tick its lines, and are not moved again. */
const GATE: kit.DocumentGate<C.TDeliveryNoteStatus> = {
  status: 'ready',
  picking: ['draft', 'ready'],
  exits: { table: deliveryNoteExits, parent: deliveryNoteExits.documentId },
  rank: 20,
  first: 'planned_date',
};
const reserving = reservingDocument('delivery_note', 'delivery_notes', LINES);

const HEADER = ['customerId', 'invoiceId', 'proformaId', 'plannedDate', 'deliveryAddress', 'notes'] as const;
const FIELDS = kit.headerFields(deliveryNotes, HEADER);
const summaryColumns = sql`o.id, o.number, o.status, ${FIELDS.select}, c.name as "customerName",
  i.number as "invoiceNumber", p.number as "proformaNumber", ${kit.unpricedCountsSelect}, ${kit.gateExitCount(GATE)} as exited,
  ${LATE} as late, ${kit.headerFields(deliveryNotes, ['deliveredAt', 'createdAt', 'updatedAt']).select}`;
const summaryFrom = sql`from delivery_notes o join customers c on c.id = o.customer_id
  left join invoices i on i.id = o.invoice_id left join proformas p on p.id = o.proforma_id`;

function listSpec(tenantId: number | null, q: Record<string, unknown>) {
  return kit.documentList(tenantId, q, {
    columns: summaryColumns,
    from: summaryFrom,
    equals: { status: sql`o.status`, ...FIELDS.columns(['customerId', 'invoiceId', 'proformaId']) },
    lines: LINES,
    search: [sql`o.number`, sql`c.name`, sql`i.number`, sql`p.number`],
    sort: {
      ...kit.columnsOf({ number: 'number', status: 'status', units: 'units', createdAt: 'created_at' }),
      ...FIELDS.columns(['plannedDate']),
      customerName: sql`c.name`,
    },
    flags: { late: LATE },
    defaultSort: 'plannedDate:desc',
  });
}

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<C.TDeliveryNote | undefined> {
  const [header] = await queryRows<Omit<C.TDeliveryNote, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, u.name as "createdByName",
          nullif(concat_ws(', ', c.address, nullif(concat_ws(' ', c.postcode, c.city), ''), c.country), '')
            as "customerAddress"
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  return { ...header, lines: await kit.readGateLines(tx, LINES, GATE, tenantId, id) };
}

/**
 * The customer, the invoice or proforma it delivers (of that customer), and the lines' articles and EPCs, each
 * checked in the caller's tenant.
 */
async function write(ctx: kit.DocumentContext, input: Input) {
  const ofCustomer = sql`customer_id = ${input.customerId}`;
  const references = {
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
  };
  return kit.writeUnpriced(ctx, input, FIELDS, references, 'Unknown customer, invoice, proforma, article or tag');
}

/** Delivery notes (BL series): drafts, numbered when ready; delivered or canceled. */
export const deliveryNoteType: kit.DocumentType<C.TDeliveryNoteStatus, C.TDeliveryNote, Input, Locked> = {
  entity: 'delivery_note',
  noun: 'delivery note',
  table: 'delivery_notes',
  lines: LINES,
  series: 'BL',
  numberAt: 'ready',
  editable: ['draft', 'ready'],
  deletable: ['draft'],
  permissions: { read: 'deliveryNotes.read', write: 'deliveryNotes.write' },
  transitions: kit.serverTransitions(
    C.DELIVERY_NOTE_TRANSITIONS,
    'deliveryNotes.write',
    { no_lines: 'A delivery note without lines cannot be made ready' },
    {
      // Delivered (once the kit took the stock out): the reservations it fulfils are released; canceled: its own.
      'ready>delivered': (ctx, n) => reserving.deliver(ctx, n.id, { invoice: n.invoiceId, proforma: n.proformaId }),
      'ready>canceled': (ctx, n) => reserving.release(ctx, n.id),
      'delivered>canceled': (ctx, n) => reserving.release(ctx, n.id),
    },
  ),
  stock: { out: 'delivered', back: 'canceled', reason: 'delivery' },
  stamps: { delivered: 'delivered_at' },
  gate: GATE,
  lockColumns: sql`line_count as "lineCount", invoice_id as "invoiceId", proforma_id as "proformaId"`,
  input: C.ZDeliveryNoteInput,
  schemas: {
    summary: C.ZDeliveryNoteSummary,
    full: C.ZDeliveryNote,
    listQuery: C.ZDeliveryNoteListQuery,
    statusChange: C.ZDeliveryNoteStatusChange,
    picked: C.ZDeliveryNotePicked,
  },
  read: findOne,
  list: listSpec,
  write,
  beforeDelete: reserving.release,
  logged: (n) => ({ ...FIELDS.logged(n), lines: n.lineCount, units: n.units, epcs: n.epcCount }),
  created: kit.unpricedCreated,
  async printable(_tx, note, language) {
    const address = note.deliveryAddress ?? note.customerAddress;
    const source = note.invoiceNumber ?? note.proformaNumber;
    return {
      title: PDF.title[language],
      number: note.number ?? PDF.draft[language],
      date: note.plannedDate,
      partyRole: 'customer',
      party: { name: note.customerName, lines: address ? address.split(/\n|, /) : [] },
      fields: [
        { label: PDF.planned[language], value: formatDate(note.plannedDate, language) },
        ...(source ? [{ label: PDF.source[language], value: source }] : []),
        ...(note.deliveryAddress ? [{ label: PDF.address[language], value: note.deliveryAddress }] : []),
      ],
      items: kit.unpricedPdfItems(note.lines),
      signatures: true,
      notes: note.notes,
    };
  },
  company: companyForDocuments,
};
