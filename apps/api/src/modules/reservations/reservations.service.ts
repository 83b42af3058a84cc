import { sql, type SQL } from 'drizzle-orm';
import {
  addDaysTo,
  RESERVATION_DEFAULT_DAYS,
  reservationToday,
  type TAvailabilityShortage,
  type TReservationDocumentType,
  type TReservationReleaseCause,
} from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { jsonList, jsonRows } from '../../db/sql-fragments';
import type { AuthContext } from '../../platform/auth';
import { AppError, badRequest, conflict, notFound, type FieldError } from '../../platform/errors';
import type { DocumentContext, DocumentLines } from '../../platform/documents/document-type';
import { missingReferences } from '../../platform/documents/references';
import { lockArticles } from '../stock/stock.service';
import { holding } from './availability';

export type ReservationContext = { tenantId: number; userId: number | null };

/** One article and how many of its units a document's lines (or a reservation) ask for. */
export type RequestedLine = { articleId: number; quantity: number };

/**
 * The tables of the documents a reservation may be for. A document module registers its own (delivery notes
 * add `delivery_note` → `delivery_notes`); reserving for an unregistered type is refused.
 */
const documentTables = new Map<TReservationDocumentType, string>([
  ['proforma', 'proformas'],
  ['invoice', 'invoices'],
]);
export const registerReservationDocument = (type: TReservationDocumentType, table: string) =>
  documentTables.set(type, table);

/** The number of the document a reservation (alias `r`) is for, from whichever table its type registered. */
export const documentNumberOf = (r = 'r'): SQL => {
  const a = sql.raw(r);
  if (!documentTables.size) return sql`null::text`;
  return sql`case ${a}.document_type ${sql.join(
    [...documentTables].map(
      ([type, table]) =>
        sql`when ${type} then (select d.number from ${sql.identifier(table)} d
              where d.id = ${a}.document_id and d.tenant_id = ${a}.tenant_id)`,
    ),
    sql` `,
  )} end`;
};

/** The 409 of lines beyond what is available, with each of them (`lines`) and the first in `params`. */
export function insufficientAvailable(shortages: readonly TAvailabilityShortage[]) {
  const first = shortages[0]!;
  return new AppError(
    409,
    'insufficient_available',
    `Not enough available: ${shortages.map((s) => `${s.reference} ${s.requested} > ${s.available}`).join(', ')}`,
    undefined,
    undefined,
    { reference: first.reference, requested: first.requested, available: first.available, count: shortages.length },
    { lines: shortages },
  );
}

const totals = (lines: readonly RequestedLine[]) => {
  const byArticle = new Map<number, number>();
  for (const l of lines) byArticle.set(l.articleId, (byArticle.get(l.articleId) ?? 0) + l.quantity);
  return byArticle;
};

type Availability = { id: number; reference: string; designation: string; available: number; service: boolean };

/**
 * What is available of these articles now: on hand minus the reservations holding them, except those of
 * `except` (a document's own). Read in its own statement: after a lock, it sees what the lock holder committed.
 */
async function availabilityOf(
  tx: Tx,
  tenantId: number,
  ids: readonly number[],
  except?: { documentType: TReservationDocumentType; documentId: number },
) {
  if (!ids.length) return new Map<number, Availability>();
  const own = except
    ? sql`and (rv.document_type is distinct from ${except.documentType} or rv.document_id is distinct from ${except.documentId})`
    : sql``;
  const rows = await queryRows<Availability>(
    tx,
    sql`select a.id, a.reference, a.designation, coalesce(a.nature, c.nature) = 'service' as service,
          a.quantity - coalesce((select sum(rv.quantity) from reservations rv where rv.tenant_id = a.tenant_id
            and rv.article_id = a.id and ${holding('rv')} ${own}), 0)::int as available
        from ${jsonList([...ids])} e(id)
        join articles a on a.id = e.id::int and a.tenant_id = ${tenantId}
        left join categories c on c.id = a.category_id and c.tenant_id = a.tenant_id`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The lines (per article, summed) asking for more than is available; services are never short. A check, not a
 * lock: what a document's creation asks confirmation for (SPEC §5). Unknown articles are left to the document.
 */
export async function checkAvailability(
  tx: Tx,
  tenantId: number,
  lines: readonly RequestedLine[],
  except?: { documentType: TReservationDocumentType; documentId: number },
): Promise<TAvailabilityShortage[]> {
  const wanted = totals(lines);
  const known = await availabilityOf(tx, tenantId, [...wanted.keys()], except);
  return [...wanted].flatMap(([articleId, requested]) => {
    const a = known.get(articleId);
    if (!a || a.service || requested <= a.available) return [];
    return [{ articleId, reference: a.reference, requested, available: Math.max(0, a.available) }];
  });
}

export type ReserveOptions = {
  customerId?: number | null;
  documentType?: TReservationDocumentType | null;
  documentId?: number | null;
  until: string;
  /** `exact`: all or 409 (a reservation by hand); `available`: what is available of each, the rest left out. */
  mode: 'exact' | 'available';
};

/**
 * Reserves units of articles, never more than is available: the articles' rows are locked (id order, one
 * statement) so two reservations of one article run one after the other, then what is reserved is read anew.
 * Writes the reservations and their history in one statement; answers the new reservations' ids.
 */
export async function reserve(
  tx: Tx,
  ctx: ReservationContext,
  lines: readonly RequestedLine[],
  opts: ReserveOptions,
): Promise<number[]> {
  const wanted = totals(lines);
  const locked = await lockArticles(tx, ctx.tenantId, wanted.keys());
  for (const id of wanted.keys()) if (!locked.has(id)) throw notFound('article');
  const known = await availabilityOf(tx, ctx.tenantId, [...wanted.keys()]);
  const rows: { article_id: number; quantity: number; ord: number }[] = [];
  const short: TAvailabilityShortage[] = [];
  for (const [articleId, requested] of wanted) {
    const a = known.get(articleId)!;
    // A service has no stock to hold for a document's lines.
    if (a.service && opts.mode === 'available') continue;
    const available = Math.max(0, a.available);
    if (requested > available) short.push({ articleId, reference: a.reference, requested, available });
    const take = opts.mode === 'exact' ? requested : Math.min(requested, available);
    if (take > 0) rows.push({ article_id: articleId, quantity: take, ord: rows.length });
  }
  if (opts.mode === 'exact' && short.length) throw insufficientAvailable(short);
  if (!rows.length) return [];
  const written = await queryRows<{ id: number }>(
    tx,
    sql`with v as (select * from ${jsonRows(rows)} as v(article_id int, quantity int, ord int)),
        ins as (
          insert into reservations (tenant_id, article_id, quantity, customer_id, document_type, document_id, until,
            created_by)
          select ${ctx.tenantId}, v.article_id, v.quantity, ${opts.customerId ?? null}::int,
            ${opts.documentType ?? null}::text, ${opts.documentId ?? null}::int, ${opts.until}::date, ${ctx.userId}::int
          from v order by v.ord
          returning id, article_id, quantity
        ),
        ev as (
          insert into reservation_events (tenant_id, reservation_id, article_id, event, quantity, user_id)
          select ${ctx.tenantId}, id, article_id, 'reserved', quantity, ${ctx.userId}::int from ins
        )
        select id from ins order by id`,
  );
  return written.map((r) => r.id);
}

/** Checks a reservation's customer and document in the tenant (400 `unknown_reference` naming the field). */
export async function checkReservationReferences(
  tx: Tx,
  tenantId: number,
  input: {
    articleId: number;
    customerId: number | null;
    documentType: TReservationDocumentType | null;
    documentId: number | null;
  },
) {
  const errors: FieldError[] = [];
  const table = input.documentType ? documentTables.get(input.documentType) : undefined;
  if (input.documentType && !table)
    errors.push({ field: 'documentType', message: 'not available yet', code: 'invalid_choice' });
  errors.push(
    ...(await missingReferences(tx, tenantId, {
      articleId: { table: 'articles', id: input.articleId },
      customerId: { table: 'customers', id: input.customerId },
      ...(table ? { documentId: { table, id: input.documentId } } : {}),
    })),
  );
  if (errors.length) throw badRequest('unknown_reference', 'Unknown reference', errors);
}

/**
 * Releases the holding reservations that `where` selects (alias `r`, tenant-scoped by the caller), with the cause,
 * and writes one history entry each, in one statement. Already released or expired ones are left alone, so a
 * retry or a second process releases nothing twice. Answers the released ids.
 */
async function releaseWhere(
  tx: Tx,
  userId: number | null,
  where: SQL,
  cause: TReservationReleaseCause,
  reason: string | null,
  status: 'released' | 'expired' = 'released',
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with gone as (
          update reservations r set status = ${status}, released_at = now(), release_cause = ${cause},
            release_reason = ${reason}, updated_at = now()
          where ${where} and r.status = 'active'
          returning r.id, r.tenant_id, r.article_id, r.quantity
        ),
        ev as (
          insert into reservation_events (tenant_id, reservation_id, article_id, event, quantity, cause, reason, user_id)
          select tenant_id, id, article_id, 'released', quantity, ${cause}, ${reason}, ${userId}::int from gone
        )
        select id from gone order by id`,
  );
  return rows.map((r) => r.id);
}

/** Releases one reservation by hand: 404 outside the tenant, 409 when it no longer holds anything. */
export async function releaseReservation(tx: Tx, ctx: ReservationContext, id: number, reason: string | null) {
  const released = await releaseWhere(
    tx,
    ctx.userId,
    sql`r.id = ${id} and r.tenant_id = ${ctx.tenantId} and ${holding('r')}`,
    'manual',
    reason,
  );
  if (released.length) return;
  const [row] = await queryRows(tx, sql`select 1 from reservations where id = ${id} and tenant_id = ${ctx.tenantId}`);
  if (!row) throw notFound('reservation');
  throw conflict('invalid_transition', 'This reservation is no longer active');
}

/**
 * Releases what a document holds: its cancellation or deletion (`cancellation`), or a release the document
 * decides (`manual`). For other modules, in their transaction; answers the released ids.
 */
export const releaseForDocument = (
  tx: Tx,
  ctx: ReservationContext,
  documentType: TReservationDocumentType,
  documentId: number,
  cause: TReservationReleaseCause,
  reason: string | null = null,
) =>
  releaseWhere(
    tx,
    ctx.userId,
    sql`r.tenant_id = ${ctx.tenantId} and r.document_type = ${documentType} and r.document_id = ${documentId}`,
    cause,
    reason,
  );

/**
 * Turns a document's reservations into a delivery: without `delivered`, all of them are released (cause
 * `delivery`); with it (a partial delivery), each article's reservations are taken oldest first up to the
 * delivered quantity, the last one taken in part keeping the rest. Three statements whatever the lines.
 */
export async function consumeForDocument(
  tx: Tx,
  ctx: ReservationContext,
  documentType: TReservationDocumentType,
  documentId: number,
  delivered?: readonly RequestedLine[],
): Promise<void> {
  const ofDocument = sql`r.tenant_id = ${ctx.tenantId} and r.document_type = ${documentType}
    and r.document_id = ${documentId}`;
  if (!delivered) {
    await releaseWhere(tx, ctx.userId, ofDocument, 'delivery', null);
    return;
  }
  const held = await queryRows<{ id: number; articleId: number; quantity: number }>(
    tx,
    sql`select r.id, r.article_id as "articleId", r.quantity from reservations r
        where ${ofDocument} and ${holding('r')} order by r.article_id, r.created_at, r.id for update`,
  );
  const left = totals(delivered);
  const taken: { id: number; take: number; remaining: number }[] = [];
  for (const r of held) {
    const take = Math.min(left.get(r.articleId) ?? 0, r.quantity);
    if (take <= 0) continue;
    left.set(r.articleId, left.get(r.articleId)! - take);
    taken.push({ id: r.id, take, remaining: r.quantity - take });
  }
  if (!taken.length) return;
  await tx.execute(
    sql`with c as (select * from ${jsonRows(taken)} as c(id int, take int, remaining int)),
        changed as (
          update reservations r set
            quantity = case when c.remaining > 0 then c.remaining else r.quantity end,
            status = case when c.remaining > 0 then r.status else 'released' end,
            released_at = case when c.remaining > 0 then r.released_at else now() end,
            release_cause = case when c.remaining > 0 then r.release_cause else 'delivery' end,
            updated_at = now()
          from c where r.id = c.id and r.tenant_id = ${ctx.tenantId}
          returning r.id, r.article_id
        )
        insert into reservation_events (tenant_id, reservation_id, article_id, event, quantity, cause, user_id)
        select ${ctx.tenantId}, changed.id, changed.article_id, 'released', c.take, 'delivery', ${ctx.userId}::int
        from changed join c on c.id = changed.id`,
  );
}

/**
 * The reservation hooks of a document type that holds reservations: registers its table (`documentNumberOf`) and
 * answers `release` (its cancellation or a draft's deletion releases what it holds) and `deliver` (its own
 * reservations consumed, then, up to the quantities of its `lines`, those of the documents it delivers).
 */
export function reservingDocument(documentType: TReservationDocumentType, table: string, lines: DocumentLines) {
  registerReservationDocument(documentType, table);
  const release = (ctx: DocumentContext, id: number) =>
    releaseForDocument(ctx.tx, ctx, documentType, id, 'cancellation').then(() => {});
  return {
    release,
    async deliver(ctx: DocumentContext, id: number, sources: Partial<Record<TReservationDocumentType, number | null>>) {
      await consumeForDocument(ctx.tx, ctx, documentType, id);
      const delivered = await queryRows<RequestedLine>(
        ctx.tx,
        sql`select article_id as "articleId", sum(quantity)::int as quantity from ${lines.table}
            where ${sql.identifier(lines.parent.name)} = ${id} and tenant_id = ${ctx.tenantId}
              and article_id is not null group by article_id`,
      );
      for (const [type, sourceId] of Object.entries(sources) as [TReservationDocumentType, number | null][])
        if (sourceId) await consumeForDocument(ctx.tx, ctx, type, sourceId, delivered);
    },
  };
}

/** Rows the expiry job releases per statement: short transactions whatever the backlog. */
export const EXPIRY_CHUNK = 1000;

/**
 * Expires the active reservations of every tenant whose day is before `day` (the platform's work, in the
 * caller's platform transaction), a chunk at a time; rows another process is expiring are skipped, never
 * released twice. Answers how many it expired.
 */
export const expireChunk = async (tx: Tx, day: string) =>
  (
    await releaseWhere(
      tx,
      null,
      sql`r.id in (select x.id from reservations x where x.status = 'active' and x.until < ${day}::date
            order by x.id limit ${EXPIRY_CHUNK} for update skip locked)`,
      'expiry',
      null,
      'expired',
    )
  ).length;

/** The end of a reservation a document makes for its lines. */
export const defaultUntil = () => addDaysTo(reservationToday(), RESERVATION_DEFAULT_DAYS);

/** What a document's creation body may say about its lines beyond what is available (contract `reservationChoice`). */
export type ReservationChoice = { confirmWithoutReservation?: boolean; reserveAvailable?: boolean };

/**
 * The confirmation contract of a new document (SPEC §5), in its creation's transaction: `reserveAvailable`
 * reserves what is available of its lines for it (RESERVATION_DEFAULT_DAYS); otherwise lines beyond what is
 * available are a 409 `insufficient_available` (the creation rolls back) unless `confirmWithoutReservation`.
 */
export async function applyReservationChoice(
  ctx: ReservationContext & { tx: Tx },
  documentType: TReservationDocumentType,
  doc: { id: number; customerId?: number | null; lines: readonly { articleId: number | null; quantity: number }[] },
  choice: ReservationChoice,
) {
  const own = { documentType, documentId: doc.id };
  // What the document already holds (a converted proforma's reservations) is its own: not asked for again.
  const held = await queryRows<RequestedLine>(
    ctx.tx,
    sql`select article_id as "articleId", sum(quantity)::int as quantity from reservations r
        where r.tenant_id = ${ctx.tenantId} and r.document_type = ${documentType} and r.document_id = ${doc.id}
          and ${holding('r')} group by article_id`,
  );
  const left = totals(held);
  const lines = doc.lines.flatMap((l) => (l.articleId ? [{ articleId: l.articleId, quantity: l.quantity }] : []));
  if (choice.reserveAvailable) {
    const wanted = [...totals(lines)].map(([articleId, quantity]) => ({
      articleId,
      quantity: quantity - Math.min(quantity, left.get(articleId) ?? 0),
    }));
    await reserve(
      ctx.tx,
      ctx,
      wanted.filter((l) => l.quantity > 0),
      {
        mode: 'available',
        until: defaultUntil(),
        customerId: doc.customerId ?? null,
        ...own,
      },
    );
    return;
  }
  if (choice.confirmWithoutReservation) return;
  const short = await checkAvailability(ctx.tx, ctx.tenantId, lines, own);
  if (short.length) throw insufficientAvailable(short);
}

/**
 * Hands a document's active reservations to another (a proforma's to the invoice it is converted to), in the
 * caller's transaction; answers how many.
 */
export async function transferReservations(
  tx: Tx,
  tenantId: number,
  from: { type: TReservationDocumentType; id: number },
  to: { type: TReservationDocumentType; id: number },
) {
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update reservations r set document_type = ${to.type}, document_id = ${to.id}, updated_at = now()
        where r.tenant_id = ${tenantId} and r.document_type = ${from.type} and r.document_id = ${from.id}
          and ${holding('r')} returning r.id`,
  );
  return moved.length;
}

type CreatingService<Input, Doc> = {
  type: { input: { parse(body: unknown): Input } };
  inTenant<T>(
    auth: AuthContext,
    fn: (ctx: { tx: Tx; tenantId: number; userId: number | null; auth: AuthContext }) => Promise<T>,
  ): Promise<T>;
  insert(ctx: { tx: Tx; tenantId: number; userId: number | null; auth: AuthContext }, input: Input): Promise<Doc>;
};

/**
 * A document service whose `create` follows the confirmation contract (invoices; delivery notes next): the
 * document is written, then its lines are checked or reserved in the same transaction. Other ways of creating
 * one (a proforma's conversion) are left as they are.
 */
export function withAvailabilityCheck<
  Input extends ReservationChoice,
  Doc extends Parameters<typeof applyReservationChoice>[2],
  S extends CreatingService<Input, Doc>,
>(service: S, documentType: TReservationDocumentType): S & { create(auth: AuthContext, body: unknown): Promise<Doc> } {
  return {
    ...service,
    create: (auth: AuthContext, body: unknown) =>
      service.inTenant(auth, async (ctx) => {
        const input = service.type.input.parse(body);
        const doc = await service.insert(ctx, input);
        await applyReservationChoice(ctx, documentType, doc, input);
        return doc;
      }),
  };
}
