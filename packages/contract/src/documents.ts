import { z } from 'zod';
import { id, optionalText, quantity, str } from './fields';
import { ZPrice, ZRate } from './catalog';
import { VAT_CATEGORIES } from './constants';
import { ZVatExemption } from './einvoicing';
import { ZEpcHex } from './rfid';

/**
 * The business document pattern (DESIGN §4b): a header and lines; the server computes the totals in decimal
 * (line → per VAT rate → document) with `documentTotals` from `@tagstock/contract/money`.
 */

/**
 * What a document type registers, exported by its contract file (the line of document-types.ts exporting that file
 * registers it): its permissions' resource (`outputs` → `outputs.read`, `outputs.write`; proformas, invoices and
 * credit notes share `invoices`), its activity-log entity (its history too) and the other entities its module logs,
 * its statuses, and its name on the web (translations, feature folder, route: `deliveryNotes`).
 */
export type TDocumentKind = {
  documentKind: true;
  name: string;
  resource: string;
  entity: string;
  logs?: readonly string[];
  statuses: readonly string[];
};

/** A document type's descriptor, its strings kept literal (the catalogues' union types are made of them). */
export const documentKind = <const K extends Omit<TDocumentKind, 'documentKind'>>(kind: K) => ({
  documentKind: true as const,
  ...kind,
});

/** Units on one line of a document: a positive whole number, at most a million. */
export const DOCUMENT_LINE_QUANTITY_MAX = 1_000_000;
/** Lines on one document. */
export const DOCUMENT_LINES_MAX = 2000;

export const ZVatCategory = z.enum(VAT_CATEGORIES);

/** A discount in percent, 0 to 100. */
export const ZDiscount = ZRate;

export const ZDocumentLineInput = z.strictObject({
  articleId: id(),
  /** Empty: the article's designation at the time of writing. */
  designation: optionalText(200),
  quantity: quantity(true).max(DOCUMENT_LINE_QUANTITY_MAX),
  unitPrice: ZPrice,
  discount: ZDiscount.default('0'),
  vatRate: ZRate,
  /** EN 16931 VAT category; none: standard (S) when the rate is above 0, zero rated (Z) at 0. */
  vatCategory: ZVatCategory.nullish(),
});
export type TDocumentLineInput = z.input<typeof ZDocumentLineInput>;

export const ZDocumentLine = z.object({
  id: z.number().int(),
  position: z.number().int(),
  articleId: z.number().int().nullable(),
  reference: z.string(),
  designation: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  discount: z.string(),
  vatRate: z.string(),
  vatCategory: ZVatCategory,
  /** quantity × unit price × (1 − discount), rounded to the cent. */
  netAmount: z.string(),
});
export type TDocumentLine = z.infer<typeof ZDocumentLine>;

/** EPCs listed on one unpriced document (stock outputs, delivery notes), all lines together. */
export const DOCUMENT_EPCS_MAX = 10_000;

/**
 * A line of an unpriced stock document (stock outputs, delivery notes): an article, a quantity and, optionally,
 * the EPCs of the items picked (at most one per unit).
 */
export const ZUnpricedLineInput = z
  .strictObject({
    articleId: id(),
    quantity: quantity(true).max(DOCUMENT_LINE_QUANTITY_MAX),
    /** EPCs of the items (optional, at most the quantity): checked as tags of the line's article. */
    epcs: z.array(ZEpcHex).max(DOCUMENT_EPCS_MAX).default([]),
  })
  .superRefine((line, ctx) => {
    if (line.epcs.length > line.quantity)
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: line.quantity,
        inclusive: true,
        path: ['epcs'],
        message: `at most ${line.quantity} EPCs, one per item`,
      });
  });
export type TUnpricedLineInput = z.input<typeof ZUnpricedLineInput>;

/** The lines of an unpriced document's body: at most DOCUMENT_LINES_MAX, DOCUMENT_EPCS_MAX EPCs in all. */
export const ZUnpricedLinesInput = z
  .array(ZUnpricedLineInput)
  .max(DOCUMENT_LINES_MAX)
  .default([])
  .superRefine((lines, ctx) => {
    const total = lines.reduce((sum, line) => sum + line.epcs.length, 0);
    if (total > DOCUMENT_EPCS_MAX)
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: DOCUMENT_EPCS_MAX,
        inclusive: true,
        message: `at most ${DOCUMENT_EPCS_MAX} EPCs on one document`,
      });
  });

/** An unpriced line as stored: the article's reference and designation when it was written. */
export const ZUnpricedLine = z.object({
  id: z.number().int(),
  position: z.number().int(),
  articleId: z.number().int().nullable(),
  reference: z.string(),
  designation: z.string(),
  quantity: z.number().int(),
  epcs: z.array(z.string()),
});
export type TUnpricedLine = z.infer<typeof ZUnpricedLine>;

/** A line of a document with an exit gate (delivery notes): the items that left under it (`exited`, tick the line). */
export const ZGateLine = ZUnpricedLine.extend({ exited: z.number().int() });
export type TGateLine = z.infer<typeof ZGateLine>;

/**
 * EPCs picked (scanned by a handheld, pasted) onto a gate document's lines: each goes to the first line of its
 * article with room (a line lists at most its quantity); those already listed are kept once.
 */
export const ZDocumentPicks = z.strictObject({ epcs: z.array(ZEpcHex).min(1).max(DOCUMENT_EPCS_MAX) });
export const PICK_REFUSALS = ['unknown_tag', 'not_on_note', 'no_room'] as const;
export type TPickRefusal = (typeof PICK_REFUSALS)[number];
/** The EPCs a picking left out, and why: no tag of the tenant, an article the document lacks, its lines full. */
export const ZPickUnmatched = z.array(z.object({ epc: z.string(), reason: z.enum(PICK_REFUSALS) }));

/** One row of the VAT breakdown, per (category, rate): stored on the document with its totals. */
export const ZVatBreakdown = z.object({
  category: ZVatCategory,
  rate: z.string(),
  base: z.string(),
  vat: z.string(),
  /** The document discount taken off this row's lines before its base (BG-20); none on documents without. */
  allowance: z.string().optional(),
  /** Why a row without VAT carries none (BT-120/121): sales documents' exempt rows. */
  exemption: ZVatExemption.optional(),
});
export type TVatBreakdown = z.infer<typeof ZVatBreakdown>;
export const ZDocumentTotals = z.object({
  net: z.string(),
  vat: z.string(),
  gross: z.string(),
  byRate: z.array(ZVatBreakdown),
});
export type TDocumentTotals = z.infer<typeof ZDocumentTotals>;

/** One entry of a document's history: creation, edit, status change, receipt… */
export const ZDocumentEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  summary: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  userName: z.string().nullable(),
  /** Written by the platform's team (the super admin), whose name a tenant does not see. */
  byPlatform: z.boolean(),
  createdAt: z.string(),
});
export type TDocumentEvent = z.infer<typeof ZDocumentEvent>;

/**
 * Who may make a change of status: the tenant's users (with the type's write permission), the platform's team
 * (the super admin, across tenants), or both.
 */
export type TDocumentSide = 'tenant' | 'platform' | 'both';

/**
 * One change of status of a document type, declared once in the contract: the web offers the changes that
 * `nextStatuses` allows, the server checks the same list (and adds the effect of each change).
 */
export type TDocumentTransition<S extends string, State = unknown, Refusal extends string = string> = {
  from: S;
  to: S;
  /** Default: the tenant's. */
  side?: TDocumentSide;
  /** Why this document may not make the change now (a code the web translates), or null. */
  refuse?: (doc: State) => Refusal | null;
};

const sideAllows = (side: TDocumentSide | undefined, actor: 'tenant' | 'platform') =>
  (side ?? 'tenant') === 'both' || (side ?? 'tenant') === actor;

/** The statuses a document may go to now, for a tenant's user or the platform's team. */
export function nextStatuses<S extends string, State>(
  transitions: readonly TDocumentTransition<S, State>[],
  doc: State & { status: S },
  actor: 'tenant' | 'platform' = 'tenant',
): S[] {
  return transitions
    .filter((t) => t.from === doc.status && sideAllows(t.side, actor) && !t.refuse?.(doc))
    .map((t) => t.to);
}

/** Whether an actor may make a listed change at all (before the document's own refusals). */
export const transitionAllowedTo = (side: TDocumentSide | undefined, actor: 'tenant' | 'platform') =>
  sideAllows(side, actor);

/** The note given with a change of status (kept in the document's history). */
export const STATUS_NOTE_MAX = 300;

export const ZStatusChangeBody = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z.strictObject({ status: z.enum(statuses), note: optionalText(STATUS_NOTE_MAX) });

/** Whether a typed string is a document number of a series (`BC-2026-000042`). */
export const documentNumberPattern = /^[A-Z]{2,4}-\d{4}-\d{6,}$/;
export const ZDocumentNumber = str().regex(documentNumberPattern);
