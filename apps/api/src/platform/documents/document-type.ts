import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ErrorCode, TActivityEntity, TDocumentTransition, TPermission } from '@tagstock/contract';
import type { Tx } from '../../db/client';
import type { TChange } from '../../db/schema';
import type { AuthContext } from '../auth';
import type { ListSpec } from '../pagination';
import type { PdfCompany, PdfLanguage, PrintableDocument } from '../pdf/document-pdf';
import type { StockEffect } from './stock-effect';

/** The transaction a document is written in, with its tenant and the user writing. */
export type DocumentContext = { tx: Tx; tenantId: number; userId: number | null; auth: AuthContext };

/**
 * What a change of status does besides changing the status (stock in or out, counts…), in its transaction; `body`
 * is the change's request as the type's `statusChange` schema parsed it (an inventory's `applyAdjustments`).
 */
export type TransitionEffect<D> = (ctx: DocumentContext, doc: D, body: StatusChangeBody) => Promise<void>;
export type StatusChangeBody = Readonly<{ note: string | null } & Record<string, unknown>>;

/** The contract's schemas of a document type's routes. */
export type DocumentSchemas = {
  summary: z.ZodType;
  full: z.ZodType;
  listQuery: z.ZodType;
  statusChange: z.ZodType<{ status: string; note: string | null } & Record<string, unknown>>;
  /** The answer of a picking (types with a `gate`): the document and the EPCs left out. */
  picked?: z.ZodType;
};

/** A change of status as the server runs it: the contract's transition, who may make it, and its effect. */
export type Transition<S extends string, D> = TDocumentTransition<S, D> & {
  permission: TPermission;
  effect?: TransitionEffect<D>;
};

/** A document locked for a write: what every document table has, and the columns the type's rules look at. */
export type LockedDocument<S extends string> = { id: number; tenantId: number; number: string | null; status: S };

/**
 * Where a document's lines are: their drizzle table and the column naming the document. The lines are written in
 * one statement with the SQL types the table declares (`lineColumns`), never re-declared by the type.
 */
export type DocumentLines = { table: PgTable; parent: PgColumn };

/** The SQL name and type of each column of a lines table (`unit_price` → `numeric(14, 4)`). */
export const lineColumns = (lines: DocumentLines): ReadonlyMap<string, string> =>
  new Map(Object.values(getTableColumns(lines.table)).map((c) => [c.name, c.getSQLType()]));

/**
 * A stock document whose items may leave through an exit gate while it is in `status` (delivery notes): it covers
 * a tag listed on its lines (picked), or an item of a line's article while its lines have units left. The exits it
 * covered are kept in `exits` (a `documentExitColumns` table): they tick its lines, and its stock effect does not
 * move them again. EPCs are picked onto its lines (`POST …/:id/picks`) in the `picking` statuses.
 */
export type DocumentGate<S extends string> = {
  status: S;
  picking: readonly S[];
  exits: { table: PgTable; parent: PgColumn };
  /** Its place among the exit authorizers (see `ExitAuthorizer.rank`). */
  rank: number;
  /** The column of the header by which, among the documents that could cover an exit, the oldest covers first. */
  first: string;
};

/** What a type's `write` answers: the header's columns and the rows of its lines. */
export type WrittenDocument = {
  header: Record<string, unknown>;
  lines: Record<string, unknown>[];
};

/**
 * One document type, declared once by its module (purchase orders, orders to the platform, stock outputs…):
 * the document service, its routes and the test kit are built from it. Only the type's own rules are code.
 */
export type DocumentType<
  S extends string,
  Full extends { id: number; number: string | null; status: S },
  Input,
  Locked extends LockedDocument<S> = LockedDocument<S>,
> = {
  /** The activity-log entity, which is also the document's history. */
  entity: TActivityEntity;
  /** English name in problems (`purchase order not found`). */
  noun: string;
  table: string;
  lines: DocumentLines;
  /** The prefix of its numbers (`BC` → `BC-2026-000001`), a counter of its own per tenant and year. */
  series: string;
  /** The number is given at creation, or when the document enters this status (types with drafts). */
  numberAt: 'create' | S;
  /** Statuses in which the header and lines may be written (else 409 `document_locked`). */
  editable: readonly S[];
  /** Statuses in which the document may be deleted (drafts); none: it is never deleted. */
  deletable?: readonly S[];
  permissions: { read: TPermission; write: TPermission };
  /**
   * The type's own actions besides editing and changes of status (receiving, registering tags…) and the
   * statuses they are allowed in; in another, the problem `code` (409) with `message`.
   */
  actions?: Record<string, { statuses: readonly S[]; code: ErrorCode; message: string }>;
  transitions: readonly Transition<S, Locked>[];
  /**
   * Stock documents: the lines' stock (and listed tags) goes out on entering `out` and back on going from `out` to
   * `back`, before the transition's own effect (`stock: { out: 'validated', back: 'canceled', reason: 'output' }`).
   */
  stock?: StockEffect<S, Locked>;
  /** A column set to the time the document enters a status (`{ delivered: 'delivered_at' }`). */
  stamps?: Partial<Record<S, string>>;
  gate?: DocumentGate<S>;
  /** Columns read with the lock for the transitions' rules, aliased as `Locked` names them (`line_count as "lineCount"`). */
  lockColumns?: SQL;
  /** The body of a create or an update; `write` gets what it parses to. */
  input: z.ZodType<Input>;
  /** The contract's schemas of its routes besides `input`: list rows and query, the document, a change of status. */
  schemas: DocumentSchemas;
  /** The platform's view of its documents (super admin, every tenant), for types the platform's team works on. */
  platformSchemas?: Omit<DocumentSchemas, 'statusChange'>;
  /** The whole document as the API answers it; `tenantId` null in the platform's work (every tenant). */
  read(tx: Tx, tenantId: number | null, id: number): Promise<Full | undefined>;
  /** The list, of one tenant or (null) of every tenant for the platform's team. */
  list(tenantId: number | null, query: Record<string, unknown>): ListSpec;
  /** Checks the input's references in the tenant and answers the header columns and line rows to write. */
  write?(ctx: DocumentContext, input: Input): Promise<WrittenDocument>;
  /** Called before the stored lines are replaced or deleted (to take back what they counted). */
  beforeLinesReplaced?(ctx: DocumentContext, id: number): Promise<void>;
  /** Called before a draft is deleted (to release what it holds: its reservations). */
  beforeDelete?(ctx: DocumentContext, id: number): Promise<void>;
  /** Called after the lines were written (to count them). */
  afterWrite?(ctx: DocumentContext, id: number, written: WrittenDocument): Promise<void>;
  /** The header values an edit's history compares (before and after). */
  logged(doc: Full): Record<string, unknown>;
  /** What the history says of a new document. */
  created(doc: Full): TChange[];
  /** The printable document, read in the document's transaction (its party's address…) of its tenant. */
  printable(tx: Tx, doc: Full, language: PdfLanguage, tenantId: number): Promise<PrintableDocument>;
  /**
   * The document's e-invoice (Factur-X CII XML) once it has a number, embedded in its PDF (PDF/A-3) and served
   * alone; none for drafts and for types without.
   */
  einvoice?(tx: Tx, doc: Full, tenantId: number): Promise<string | null>;
  /** The letterhead of the PDF: the document's tenant's company settings. */
  company(tx: Tx, tenantId: number): Promise<PdfCompany>;
  /**
   * The language of the PDF kept once a document has its number (the legal copy: invoices and credit notes): it is
   * rendered right after the issue commits and served as stored from then on; other languages are rendered.
   */
  storedPdf?: PdfLanguage;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDocumentType = DocumentType<string, any, any, any>;
