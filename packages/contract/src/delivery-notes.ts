import { z } from 'zod';
import { ZListQuery } from './common';
import {
  documentKind,
  nextStatuses,
  ZDocumentPicks,
  ZGateLine,
  ZPickUnmatched,
  ZStatusChangeBody,
  ZUnpricedLinesInput,
  type TDocumentTransition,
} from './documents';
import { id, isoDate, optionalId, optionalText, stamp } from './fields';
import { reservationChoice } from './reservations';

/**
 * Delivery notes (bons de livraison, BL): what leaves for a customer, from an invoice, a proforma or on its own.
 * Draft → Ready (numbered `BL-2026-000001`; picking: the listed tags, or the article's items up to the line's
 * quantity, may leave through an exit gate) → Delivered (the stock goes out, except the items already counted out at
 * the gate under this note) / Canceled (a delivered note canceled brings its stock back).
 */
export const DELIVERY_NOTE_STATUSES = ['draft', 'ready', 'delivered', 'canceled'] as const;
export const ZDeliveryNoteStatus = z.enum(DELIVERY_NOTE_STATUSES);
export type TDeliveryNoteStatus = z.infer<typeof ZDeliveryNoteStatus>;
export const DELIVERY_NOTE_KIND = documentKind({
  name: 'deliveryNotes',
  resource: 'deliveryNotes',
  entity: 'delivery_note',
  statuses: DELIVERY_NOTE_STATUSES,
});

export const ZDeliveryNoteInput = z
  .strictObject({
    customerId: id(),
    /** The invoice or the proforma it delivers (at most one). */
    invoiceId: optionalId,
    proformaId: optionalId,
    plannedDate: isoDate(),
    /** Empty: the customer's address. */
    deliveryAddress: optionalText(500),
    notes: optionalText(2000),
    lines: ZUnpricedLinesInput,
    ...reservationChoice,
  })
  .superRefine((note, ctx) => {
    if (note.invoiceId && note.proformaId)
      ctx.addIssue({
        code: 'custom',
        path: ['proformaId'],
        message: 'a delivery note delivers an invoice or a proforma, not both',
        params: { code: 'one_source' },
      });
  });
export type TDeliveryNoteInput = z.input<typeof ZDeliveryNoteInput>;

/** A line, with the items that already left through an exit gate under the note (`exited`, ticks the line). */
export const ZDeliveryNoteLine = ZGateLine;
export type TDeliveryNoteLine = z.infer<typeof ZDeliveryNoteLine>;

export const ZDeliveryNoteSummary = z.object({
  id: z.number().int(),
  /** Given when the note leaves draft (BL series). */
  number: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  proformaId: z.number().int().nullable(),
  proformaNumber: z.string().nullable(),
  plannedDate: z.string(),
  status: ZDeliveryNoteStatus,
  lineCount: z.number().int(),
  units: z.number().int(),
  epcCount: z.number().int(),
  /** Items counted out at an exit gate under the note. */
  exited: z.number().int(),
  /** Planned date passed and not delivered (nor canceled). */
  late: z.boolean(),
  deliveredAt: z.string().nullable(),
  ...stamp,
});
export type TDeliveryNoteSummary = z.infer<typeof ZDeliveryNoteSummary>;

export const ZDeliveryNote = ZDeliveryNoteSummary.extend({
  /** As written; null: the customer's address, given in `customerAddress`. */
  deliveryAddress: z.string().nullable(),
  customerAddress: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(ZDeliveryNoteLine),
  createdByName: z.string().nullable(),
});
export type TDeliveryNote = z.infer<typeof ZDeliveryNote>;

export const ZDeliveryNoteListQuery = ZListQuery.extend({
  status: ZDeliveryNoteStatus.optional(),
  customerId: id().optional(),
  invoiceId: id().optional(),
  proformaId: id().optional(),
  articleId: id().optional(),
  late: z.enum(['true', 'false']).optional(),
});
export type TDeliveryNoteListQuery = z.infer<typeof ZDeliveryNoteListQuery>;

/** What the rules of a change of status look at. */
export type TDeliveryNoteState = { lineCount: number };
export type TDeliveryNoteRefusal = 'no_lines';

/** Draft → Ready (with lines) → Delivered; Ready or Delivered → Canceled. A draft is deleted, not canceled. */
export const DELIVERY_NOTE_TRANSITIONS: readonly TDocumentTransition<
  TDeliveryNoteStatus,
  TDeliveryNoteState,
  TDeliveryNoteRefusal
>[] = [
  { from: 'draft', to: 'ready', refuse: (n) => (n.lineCount === 0 ? 'no_lines' : null) },
  { from: 'ready', to: 'delivered' },
  { from: 'ready', to: 'canceled' },
  { from: 'delivered', to: 'canceled' },
];

export const deliveryNoteNextStatuses = (note: TDeliveryNoteState & { status: TDeliveryNoteStatus }) =>
  nextStatuses(DELIVERY_NOTE_TRANSITIONS, note);

export const ZDeliveryNoteStatusChange = ZStatusChangeBody(['ready', 'delivered', 'canceled'] as const);
export type TDeliveryNoteStatusChange = z.infer<typeof ZDeliveryNoteStatusChange>;

/** EPCs picked onto a note's lines (`POST /delivery-notes/:id/picks`, draft or ready): `ZDocumentPicks`. */
export const ZDeliveryNotePicks = ZDocumentPicks;
export type TDeliveryNotePicks = z.input<typeof ZDeliveryNotePicks>;
export const ZDeliveryNotePicked = ZDeliveryNote.extend({ unmatched: ZPickUnmatched });
export type TDeliveryNotePicked = z.infer<typeof ZDeliveryNotePicked>;

/** What is left to deliver of an invoice or a proforma, per article: ordered, delivered, on open notes, left. */
export const ZDeliveryRemainingQuery = z
  .strictObject({ invoiceId: id().optional(), proformaId: id().optional() })
  .refine((q) => (q.invoiceId === undefined) !== (q.proformaId === undefined), {
    message: 'give invoiceId or proformaId',
    path: ['invoiceId'],
  });
export const ZDeliveryRemaining = z.object({
  customerId: z.number().int(),
  lines: z.array(
    z.object({
      articleId: z.number().int(),
      reference: z.string(),
      designation: z.string(),
      ordered: z.number().int(),
      delivered: z.number().int(),
      /** On notes not yet delivered (draft or ready). */
      planned: z.number().int(),
      remaining: z.number().int(),
    }),
  ),
});
export type TDeliveryRemaining = z.infer<typeof ZDeliveryRemaining>;

// Dashboard (SPEC §7: invoices-to-deliver-today, getClientsToDeliverTodayByClient; late deliveries)
export const ZInvoicesToDeliverToday = z.array(
  z.object({
    invoiceId: z.number().int(),
    invoiceNumber: z.string().nullable(),
    customerId: z.number().int(),
    customerName: z.string(),
    deliveryNotes: z.number().int(),
    units: z.number().int(),
  }),
);
export type TInvoicesToDeliverToday = z.infer<typeof ZInvoicesToDeliverToday>;

export const ZClientsToDeliverToday = z.array(
  z.object({
    customerId: z.number().int(),
    customerName: z.string(),
    deliveryNotes: z.number().int(),
    units: z.number().int(),
  }),
);
export type TClientsToDeliverToday = z.infer<typeof ZClientsToDeliverToday>;

export const ZLateDeliveries = z.object({
  count: z.number().int(),
  /** The oldest first, at most 50. */
  items: z.array(
    z.object({
      id: z.number().int(),
      number: z.string().nullable(),
      customerId: z.number().int(),
      customerName: z.string(),
      plannedDate: z.string(),
      daysLate: z.number().int(),
      status: ZDeliveryNoteStatus,
    }),
  ),
});
export type TLateDeliveries = z.infer<typeof ZLateDeliveries>;
