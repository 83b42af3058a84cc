import { z } from 'zod';
import { ZListQuery } from './common';
import { isIsoDate, id, optionalId, optionalText, quantity, stamp } from './fields';

/**
 * Stock reservations (SPEC "payments and stock reservations", "reservation history"): units of an article held
 * for a customer or a document until a day. available = on hand − active reservations; a reservation never takes
 * more than is available (409 `insufficient_available`). Released by hand, by the delivery or the cancellation of
 * its document, or at expiry (the day after `until`); every change is in the reservation history.
 */
export const RESERVATION_DOCUMENT_TYPES = ['proforma', 'invoice', 'delivery_note'] as const;
export const ZReservationDocumentType = z.enum(RESERVATION_DOCUMENT_TYPES);
export type TReservationDocumentType = z.infer<typeof ZReservationDocumentType>;

/** `active` until released or past its day; `expired` is also what an active reservation past `until` shows. */
export const RESERVATION_STATUSES = ['active', 'released', 'expired'] as const;
export const ZReservationStatus = z.enum(RESERVATION_STATUSES);
export type TReservationStatus = z.infer<typeof ZReservationStatus>;

/** Why units stopped being reserved: by hand, delivered, its document canceled, its day passed. */
export const RESERVATION_RELEASE_CAUSES = ['manual', 'delivery', 'cancellation', 'expiry'] as const;
export const ZReservationReleaseCause = z.enum(RESERVATION_RELEASE_CAUSES);
export type TReservationReleaseCause = z.infer<typeof ZReservationReleaseCause>;

/** What the history records: units reserved, or units released (with the cause). */
export const RESERVATION_EVENTS = ['reserved', 'released'] as const;
export type TReservationEvent = (typeof RESERVATION_EVENTS)[number];

/** The furthest day a reservation may run to, counted from today. */
export const RESERVATION_DAYS_MAX = 366;
/** How long the reservations made for a document's lines ("reserve what is available") run. */
export const RESERVATION_DEFAULT_DAYS = 30;
/** The tenants' day, the one `until` is compared with (the server uses the same zone). */
export const RESERVATION_TIME_ZONE = 'Europe/Paris';

const dayIn = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** Today in the tenants' zone, `YYYY-MM-DD`. */
export const reservationToday = (at = new Date()) => dayIn(RESERVATION_TIME_ZONE, at);
/** `YYYY-MM-DD` plus `days`. */
export const addDaysTo = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last day a reservation holds: a real date, today or later, at most RESERVATION_DAYS_MAX days ahead. */
export const reservationUntil = () =>
  z
    .string()
    .refine(isIsoDate, 'expected a real date YYYY-MM-DD')
    .refine((v) => v >= reservationToday(), 'expected a date YYYY-MM-DD from today, not in the past')
    .refine(
      (v) => v <= addDaysTo(reservationToday(), RESERVATION_DAYS_MAX),
      `expected a date YYYY-MM-DD at most ${RESERVATION_DAYS_MAX} days ahead`,
    );

export const ZReservationInput = z
  .strictObject({
    articleId: id(),
    quantity: quantity(true),
    customerId: optionalId,
    documentType: ZReservationDocumentType.nullish().transform((v) => v ?? null),
    documentId: optionalId,
    until: reservationUntil(),
  })
  .superRefine((r, ctx) => {
    if ((r.documentType === null) !== (r.documentId === null))
      ctx.addIssue({
        code: 'custom',
        path: [r.documentType === null ? 'documentType' : 'documentId'],
        message: 'required',
      });
  });
export type TReservationInput = z.input<typeof ZReservationInput>;

/** Releasing by hand (`DELETE /reservations/:id?reason=…`), with why (optional). */
export const ZReservationRelease = z.strictObject({ reason: optionalText(300) });
export type TReservationRelease = z.input<typeof ZReservationRelease>;

export const ZReservation = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  quantity: z.number().int(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  documentType: ZReservationDocumentType.nullable(),
  documentId: z.number().int().nullable(),
  /** The document's number, once it has one. */
  documentNumber: z.string().nullable(),
  until: z.string(),
  status: ZReservationStatus,
  releasedAt: z.string().nullable(),
  releaseCause: ZReservationReleaseCause.nullable(),
  releaseReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  ...stamp,
});
export type TReservation = z.infer<typeof ZReservation>;

export const ZReservationListQuery = ZListQuery.extend({
  articleId: id().optional(),
  customerId: id().optional(),
  status: ZReservationStatus.optional(),
  documentType: ZReservationDocumentType.optional(),
  documentId: id().optional(),
});
export type TReservationListQuery = z.infer<typeof ZReservationListQuery>;

/** One entry of the reservation history: who, when, what, why. */
export const ZReservationHistoryEntry = z.object({
  id: z.number().int(),
  reservationId: z.number().int(),
  articleId: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  event: z.enum(RESERVATION_EVENTS),
  quantity: z.number().int(),
  cause: ZReservationReleaseCause.nullable(),
  reason: z.string().nullable(),
  customerName: z.string().nullable(),
  documentType: ZReservationDocumentType.nullable(),
  documentId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TReservationHistoryEntry = z.infer<typeof ZReservationHistoryEntry>;

export const ZReservationHistoryQuery = ZListQuery.extend({
  articleId: id().optional(),
  reservationId: id().optional(),
});
export type TReservationHistoryQuery = z.infer<typeof ZReservationHistoryQuery>;

/**
 * What a document's creation (an invoice, a delivery note) says when its lines exceed what is available: the
 * API answers 409 `insufficient_available` with these lines unless the body confirms going on without reserving,
 * or asks to reserve what is available (reservations linked to the document, RESERVATION_DEFAULT_DAYS long).
 */
export const reservationChoice = {
  confirmWithoutReservation: z.boolean().optional(),
  reserveAvailable: z.boolean().optional(),
};
export const ZAvailabilityShortage = z.object({
  articleId: z.number().int(),
  reference: z.string(),
  requested: z.number().int(),
  available: z.number().int(),
});
export type TAvailabilityShortage = z.infer<typeof ZAvailabilityShortage>;
