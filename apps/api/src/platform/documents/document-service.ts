import { getTableName, sql } from 'drizzle-orm';
import type { TActivityAction, TDocumentEvent, TList } from '@tagstock/contract';
import { queryRows, withPlatform, withTenant, type Db, type Tx } from '../../db/client';
import { jsonRows } from '../../db/sql-fragments';
import type { TChange } from '../../db/schema';
import { diff, logActivity } from '../activity-log';
import { callerTenant, tenantScope, type AuthContext } from '../auth';
import { conflict, notFound } from '../errors';
import { paginate } from '../pagination';
import { renderDocumentPdf, type PdfLanguage } from '../pdf/document-pdf';
import {
  lineColumns,
  type DocumentContext,
  type DocumentType,
  type LockedDocument,
  type StatusChangeBody,
  type WrittenDocument,
} from './document-type';
import { documentHistory, statusChangeEntry } from './history';
import { readStoredPdf, writeStoredPdf } from './issued-pdfs';
import { nextDocumentNumber } from './numbering';
import { checkTransition } from './status-machine';
import { pickEpcs } from './gate';
import { emitWebhookEvent } from '../webhooks/emit';
import { runStockEffect } from './stock-effect';

type Actor = 'tenant' | 'platform';

/**
 * The document service built from a type's declaration: list, get, create and update with lines, delete,
 * change of status (rules, effect, number, history, all in one transaction), history and PDF. Every query
 * names the tenant; the platform's variants (`platform*`) work across tenants for the super admin.
 */
export function documentService<
  S extends string,
  Full extends { id: number; number: string | null; status: S },
  Input,
  Locked extends LockedDocument<S>,
>(db: Db, type: DocumentType<S, Full, Input, Locked>) {
  const scoped = tenantScope(db);
  const table = sql.identifier(type.table);
  const lineTable = sql.identifier(getTableName(type.lines.table));
  const parent = sql.identifier(type.lines.parent.name);
  const lineTypes = lineColumns(type.lines);
  // The type's own actions, and picking for a type with an exit gate.
  const actions: NonNullable<typeof type.actions> = {
    ...type.actions,
    ...(type.gate && {
      pick: {
        statuses: type.gate.picking,
        code: 'document_locked' as const,
        message: `Only a ${type.gate.picking.join(' or ')} ${type.noun} takes picked items`,
      },
    }),
  };
  const ofTenant = (tenantId: number | null) => (tenantId === null ? sql`` : sql` and tenant_id = ${tenantId}`);

  async function read(tx: Tx, tenantId: number | null, id: number): Promise<Full> {
    const doc = await type.read(tx, tenantId, id);
    if (!doc) throw notFound(type.noun);
    return doc;
  }

  /** Locks the document for the rest of the transaction; 404 when there is none (in the caller's tenant). */
  async function lock(tx: Tx, tenantId: number | null, id: number): Promise<Locked> {
    const [doc] = await queryRows<Locked>(
      tx,
      sql`select id, tenant_id as "tenantId", number, status${type.lockColumns ? sql`, ${type.lockColumns}` : sql``}
          from ${table} where id = ${id}${ofTenant(tenantId)} for update`,
    );
    if (!doc) throw notFound(type.noun);
    return doc;
  }

  /** Locks the document for one of the type's actions: 409 (the action's code) in a status it is not allowed in. */
  async function lockFor(tx: Tx, tenantId: number | null, id: number, action: string): Promise<Locked> {
    const doc = await lock(tx, tenantId, id);
    const allowed = actions[action];
    if (!allowed?.statuses.includes(doc.status))
      throw conflict(allowed?.code ?? 'invalid_transition', allowed?.message ?? `No ${action} here`, undefined, {
        status: doc.status,
      });
    return doc;
  }

  /** 404 unless the document exists (in the caller's tenant), without locking it. */
  async function assertExists(tx: Tx, tenantId: number, id: number) {
    const [row] = await queryRows(tx, sql`select 1 from ${table} where id = ${id} and tenant_id = ${tenantId}`);
    if (!row) throw notFound(type.noun);
  }

  function assertEditable(doc: Locked) {
    if (!type.editable.includes(doc.status))
      throw conflict('document_locked', `A ${type.noun} that is ${doc.status} cannot be changed`, undefined, {
        status: doc.status,
      });
  }

  async function writeLines(ctx: DocumentContext, id: number, lines: WrittenDocument['lines']) {
    if (!lines.length) return;
    // The columns the type writes (its rows' keys), typed as the table declares them.
    const columns = Object.keys(lines[0]!).map((name) => {
      const type = lineTypes.get(name);
      if (!type) throw new Error(`${name} is not a column of the lines`);
      return `${name} ${type}`;
    });
    const names = sql.join(
      Object.keys(lines[0]!).map((name) => sql.identifier(name)),
      sql`, `,
    );
    await ctx.tx.execute(
      sql`insert into ${lineTable} (tenant_id, ${parent}, ${names})
          select ${ctx.tenantId}, ${id}, ${names}
          from ${jsonRows(lines)} as x(${sql.raw(columns.join(', '))})`,
    );
  }

  const deleteLines = (ctx: DocumentContext, id: number) =>
    ctx.tx.execute(sql`delete from ${lineTable} where ${parent} = ${id} and tenant_id = ${ctx.tenantId}`);

  const log =
    (ctx: DocumentContext, id: number, entry: { action: TActivityAction }) => (summary: string, changes: TChange[]) =>
      logActivity(ctx.tx, {
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        entity: type.entity,
        entityId: id,
        action: entry.action,
        summary,
        changes,
      });

  /** The number a document is known by in its history: its number, or its id while it is a draft. */
  const known = (doc: { id: number; number: string | null }) => doc.number ?? `#${doc.id}`;

  const inTenant = <T>(auth: AuthContext, fn: (ctx: DocumentContext) => Promise<T>) =>
    scoped(auth, (tx, tenantId) => fn({ tx, tenantId, userId: auth.userId, auth }));

  /** The webhook event of every change of status (docs/webhooks.md), in its transaction. */
  const statusChanged = (ctx: DocumentContext, doc: { id: number; number: string | null }, from: S, to: S) =>
    emitWebhookEvent(ctx.tx, ctx.tenantId, 'document.status_changed', {
      document: type.entity,
      id: doc.id,
      number: doc.number,
      from,
      to,
    });

  async function changeStatus(
    ctx: Omit<DocumentContext, 'tenantId'>,
    actor: Actor,
    doc: Locked,
    to: S,
    body: StatusChangeBody,
  ) {
    const docCtx = { ...ctx, tenantId: doc.tenantId };
    const transition = checkTransition(type.noun, type.transitions, ctx.auth, actor, doc, doc.status, to);
    const number =
      doc.number ?? (type.numberAt === to ? await nextDocumentNumber(ctx.tx, doc.tenantId, type.series) : null);
    const stamp = type.stamps?.[to];
    await ctx.tx.execute(
      sql`update ${table} set status = ${to}, number = ${number}, updated_at = now()${
        stamp ? sql`, ${sql.identifier(stamp)} = now()` : sql``
      } where id = ${doc.id} and tenant_id = ${doc.tenantId}`,
    );
    const changed = { ...doc, number, status: to };
    if (type.stock) await runStockEffect(docCtx, type, changed, doc.status);
    await transition.effect?.(docCtx, changed, body);
    const entry = statusChangeEntry(number ?? known(doc), doc.status, to, body.note);
    await log(docCtx, doc.id, entry)(entry.summary, entry.changes);
    await statusChanged(docCtx, { id: doc.id, number }, doc.status, to);
  }

  /**
   * Writes a new document in the caller's transaction (a conversion creates one from another): `extra` header
   * columns beside what the type writes.
   */
  async function insert(ctx: DocumentContext, input: Input, extra: Record<string, unknown> = {}): Promise<Full> {
    const written = await type.write!(ctx, input);
    const number = type.numberAt === 'create' ? await nextDocumentNumber(ctx.tx, ctx.tenantId, type.series) : null;
    const values = { ...written.header, ...extra, number, created_by: ctx.userId };
    const [row] = await queryRows<{ id: number }>(
      ctx.tx,
      sql`insert into ${table} (tenant_id, ${sql.join(
        Object.keys(values).map((k) => sql.identifier(k)),
        sql`, `,
      )})
          values (${ctx.tenantId}, ${sql.join(
            Object.values(values).map((v) => sql`${v}`),
            sql`, `,
          )})
          returning id`,
    );
    const id = row!.id;
    await writeLines(ctx, id, written.lines);
    await type.afterWrite?.(ctx, id, written);
    const doc = await read(ctx.tx, ctx.tenantId, id);
    await log(ctx, id, { action: 'created' })(known(doc), type.created(doc));
    return doc;
  }

  async function pdf(tx: Tx, tenantId: number | null, id: number, language: PdfLanguage) {
    const doc = await read(tx, tenantId, id);
    const owner = tenantId ?? (await lock(tx, null, id)).tenantId;
    return {
      number: doc.number,
      printable: await type.printable(tx, doc, language, owner),
      company: await type.company(tx, owner),
      einvoice: (await type.einvoice?.(tx, doc, owner)) ?? null,
    };
  }
  /** Rendered in the worker: a PDF/A-3 carrying the e-invoice (Factur-X) when the document has one. */
  const render = async (p: Awaited<ReturnType<typeof pdf>>, language: PdfLanguage, doc: { number: string }) => ({
    number: doc.number,
    pdf: await renderDocumentPdf(
      p.printable,
      p.company,
      language,
      p.einvoice ? { facturX: { xml: p.einvoice, documentNumber: doc.number } } : {},
    ),
  });

  const storedKey = (id: number) => ({ entity: type.entity, documentId: id, language: type.storedPdf! });

  /**
   * Renders and stores the kept PDF of a numbered document (its data read in one short transaction, rendered
   * outside any, stored in another); nothing when it has no number yet or its PDF is already stored.
   */
  async function keepIssuedPdf(tenantId: number, id: number): Promise<void> {
    const language = type.storedPdf;
    if (!language) return;
    const p = await withTenant(db, tenantId, async (tx) =>
      (await readStoredPdf(tx, tenantId, storedKey(id))) ? null : pdf(tx, tenantId, id, language),
    );
    if (!p?.number) return;
    const file = await render(p, language, p.printable);
    await withTenant(db, tenantId, (tx) => writeStoredPdf(tx, tenantId, storedKey(id), file));
  }

  return {
    type,
    lock,
    lockFor,
    read,
    assertExists,
    inTenant,

    list: (auth: AuthContext, q: { page: number; limit: number } & Record<string, unknown>) =>
      scoped(auth, (tx, tenantId): Promise<TList<unknown>> => paginate(tx, type.list(tenantId, q), q)),

    get: (auth: AuthContext, id: number) => scoped(auth, (tx, tenantId) => read(tx, tenantId, id)),

    /** EPCs picked onto the lines of a document with a `gate`, in its picking statuses: it, and those left out. */
    pick: (auth: AuthContext, id: number, epcs: readonly string[]) =>
      inTenant(auth, async (ctx) => {
        await lockFor(ctx.tx, ctx.tenantId, id, 'pick');
        const unmatched = await pickEpcs(ctx, type, id, epcs);
        return { ...(await read(ctx.tx, ctx.tenantId, id)), unmatched };
      }),

    /** A new document in its first status; it takes its number now when the type numbers at creation. */
    create: (auth: AuthContext, body: unknown) => inTenant(auth, (ctx) => insert(ctx, type.input.parse(body))),

    insert,

    /**
     * Sets the status one of the type's actions leads to (a proforma converted), outside the declared changes,
     * in the caller's transaction, and logs the action with the status and `changes`.
     */
    markStatus: async (
      ctx: DocumentContext,
      doc: { id: number; number: string | null; status: S },
      to: S,
      action: TActivityAction,
      changes: TChange[] = [],
    ) => {
      await ctx.tx.execute(
        sql`update ${table} set status = ${to}, updated_at = now() where id = ${doc.id} and tenant_id = ${ctx.tenantId}`,
      );
      await log(ctx, doc.id, { action })(known(doc), [{ field: 'status', from: doc.status, to }, ...changes]);
      await statusChanged(ctx, doc, doc.status, to);
    },

    /** Header and lines together, in an editable status; the lines are written anew. */
    update: (auth: AuthContext, id: number, body: unknown) =>
      inTenant(auth, async (ctx) => {
        const input = type.input.parse(body);
        assertEditable(await lock(ctx.tx, ctx.tenantId, id));
        const before = await read(ctx.tx, ctx.tenantId, id);
        const written = await type.write!(ctx, input);
        await type.beforeLinesReplaced?.(ctx, id);
        await deleteLines(ctx, id);
        await writeLines(ctx, id, written.lines);
        const set = Object.entries(written.header).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
        await ctx.tx.execute(
          sql`update ${table} set ${sql.join(set, sql`, `)}, updated_at = now()
              where id = ${id} and tenant_id = ${ctx.tenantId}`,
        );
        await type.afterWrite?.(ctx, id, written);
        const after = await read(ctx.tx, ctx.tenantId, id);
        await log(ctx, id, { action: 'updated' })(known(after), diff(type.logged(before), type.logged(after)));
        return after;
      }),

    /** Deletes a document in a deletable status (a draft) with its lines. */
    remove: (auth: AuthContext, id: number) =>
      inTenant(auth, async (ctx) => {
        const doc = await lock(ctx.tx, ctx.tenantId, id);
        if (!type.deletable?.includes(doc.status))
          throw conflict('document_locked', `A ${type.noun} that is ${doc.status} cannot be deleted`, undefined, {
            status: doc.status,
          });
        await type.beforeDelete?.(ctx, id);
        await type.beforeLinesReplaced?.(ctx, id);
        await deleteLines(ctx, id);
        await ctx.tx.execute(sql`delete from ${table} where id = ${id} and tenant_id = ${ctx.tenantId}`);
        await log(ctx, id, { action: 'deleted' })(known(doc), []);
        return { ok: true as const };
      }),

    /** `options`: the rest of the change's request (an inventory's `applyAdjustments`), for the transition's effect. */
    /**
     * `deferPdf`: the legal copy is left to the issued-PDF job (or the first download) instead of being rendered
     * now — the first start's demo issues many documents and dates them afterwards.
     */
    setStatus: async (
      auth: AuthContext,
      id: number,
      to: S,
      note: string | null,
      options: object = {},
      { deferPdf = false }: { deferPdf?: boolean } = {},
    ) => {
      const doc = await inTenant(auth, async (ctx) => {
        await changeStatus(ctx, 'tenant', await lock(ctx.tx, ctx.tenantId, id), to, { ...options, note });
        return read(ctx.tx, ctx.tenantId, id);
      });
      // The legal copy, rendered once the issue has committed: a failure leaves it to the job, which logs it.
      if (!deferPdf && type.storedPdf && doc.number && to === type.numberAt)
        await keepIssuedPdf(callerTenant(auth), id).catch(() => undefined);
      return doc;
    },

    keepIssuedPdf,

    history: (auth: AuthContext, id: number): Promise<TDocumentEvent[]> =>
      scoped(auth, async (tx, tenantId) => {
        await assertExists(tx, tenantId, id);
        return documentHistory(tx, tenantId, type.entity, id);
      }),

    /** The e-invoice XML of a numbered document (409 for a draft, which has none yet). */
    einvoice: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        const doc = await read(tx, tenantId, id);
        const xml = await type.einvoice?.(tx, doc, tenantId);
        if (!xml)
          throw conflict('invalid_transition', `A ${type.noun} has an e-invoice once it is issued`, undefined, {
            status: doc.status,
          });
        return { number: doc.number!, xml };
      }),

    /**
     * The PDF: data read in one short transaction, rendered after it (in a worker thread). A numbered document's
     * kept PDF is served as stored, and stored first when it is not yet.
     */
    pdf: async (auth: AuthContext, id: number, language: PdfLanguage) => {
      const kept = type.storedPdf === language;
      if (kept) {
        const stored = await scoped(auth, (tx, tenantId) => readStoredPdf(tx, tenantId, storedKey(id)));
        if (stored) return stored;
      }
      const p = await scoped(auth, (tx, tenantId) => pdf(tx, tenantId, id, language));
      const file = await render(p, language, p.printable);
      if (!kept || !p.number) return file;
      return scoped(auth, async (tx, tenantId) => {
        await writeStoredPdf(tx, tenantId, storedKey(id), file);
        return (await readStoredPdf(tx, tenantId, storedKey(id))) ?? file;
      });
    },

    // The platform's team (super admin): every tenant's documents.
    platformList: (q: { page: number; limit: number } & Record<string, unknown>) =>
      withPlatform(db, (tx): Promise<TList<unknown>> => paginate(tx, type.list(null, q), q)),
    platformGet: (id: number) => withPlatform(db, (tx) => read(tx, null, id)),
    platformSetStatus: (auth: AuthContext, id: number, to: S, note: string | null) =>
      withPlatform(db, async (tx) => {
        await changeStatus({ tx, userId: auth.userId, auth }, 'platform', await lock(tx, null, id), to, { note });
        return read(tx, null, id);
      }),
    platformPdf: async (id: number, language: PdfLanguage) => {
      const p = await withPlatform(db, (tx) => pdf(tx, null, id, language));
      return render(p, language, p.printable);
    },
    /** Runs one of the type's actions on the locked document in platform work (registering delivered tags…). */
    platformAction: (
      auth: AuthContext,
      id: number,
      action: string,
      fn: (ctx: DocumentContext, doc: Locked) => Promise<void>,
    ) =>
      withPlatform(db, async (tx): Promise<Full> => {
        const doc = await lockFor(tx, null, id, action);
        await fn({ tx, tenantId: doc.tenantId, userId: auth.userId, auth }, doc);
        return read(tx, null, id);
      }),
  };
}

export type DocumentService = ReturnType<typeof documentService>;
