import { sql } from 'drizzle-orm';
import {
  lifecycleLabel,
  type TEinvoiceDocumentKind,
  type TLifecycleCode,
  type TLifecycleEvent,
  type TLifecycleSource,
} from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { notFound } from '../../platform/errors';
import { emitWebhookEventsFrom } from '../../platform/webhooks/emit';

/*
 * The lifecycle of an e-invoice (CDAR statuses 200–213), an append-only history per issued invoice, credit note
 * or received invoice. Nothing is updated: the current status is the latest event that is not about a duplicate —
 * a 213 "DOUBLON" rejects another submission of the same invoice, never the invoice itself (the mistake Dolibarr
 * made, #985).
 */

export type LifecycleAppend = {
  code: TLifecycleCode;
  source: TLifecycleSource;
  at?: string | null;
  reasonCode?: string | null;
  note?: string | null;
  flowId?: string | null;
  userId?: number | null;
};

/** Reasons that say a 213 is about a second submission of the invoice, not about the invoice. */
const DUPLICATE_REASONS = new Set(['DOUBLON', 'DOUBLON_FLUX']);

const TABLES: Record<TEinvoiceDocumentKind, string> = {
  invoice: 'invoices',
  credit_note: 'credit_notes',
  received_invoice: 'received_invoices',
};

/** The transaction's time as ISO UTC: a status and the message that reports it carry the same instant. */
export const transactionNow = (tx: Tx): Promise<string> =>
  queryRows<{ at: string }>(tx, sql`select ${isoUtc(sql`now()`)} as at`).then((rows) => rows[0]!.at);

/** 404 unless the document exists in the tenant (and, for an issued one, has been issued). */
export async function assertLifecycleDocument(tx: Tx, tenantId: number, kind: TEinvoiceDocumentKind, id: number) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(TABLES[kind])} where tenant_id = ${tenantId} and id = ${id}`,
  );
  if (!row)
    throw notFound(kind === 'received_invoice' ? 'Received invoice' : kind === 'invoice' ? 'Invoice' : 'Credit note');
}

/**
 * Appends a status; a status already read from the same platform flow is not appended twice. Answers whether it
 * was appended.
 */
export async function appendLifecycle(
  tx: Tx,
  tenantId: number,
  kind: TEinvoiceDocumentKind,
  id: number,
  e: LifecycleAppend,
): Promise<boolean> {
  const duplicate = e.code === '213' && DUPLICATE_REASONS.has(e.reasonCode ?? '');
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into einvoice_lifecycle (tenant_id, document_kind, document_id, code, at, source, reason_code, note,
          duplicate, flow_id, user_id)
        values (${tenantId}, ${kind}, ${id}, ${e.code}, coalesce(${e.at ?? null}::timestamptz, now()), ${e.source},
          ${e.reasonCode ?? null}, ${e.note ?? null}, ${duplicate}, ${e.flowId ?? null}, ${e.userId ?? null})
        on conflict (tenant_id, flow_id) where flow_id is not null do nothing
        returning id`,
  );
  if (!rows.length) return false;
  await emitWebhookEventsFrom(
    tx,
    tenantId,
    'invoice.lifecycle',
    sql`select jsonb_build_object('document', ${kind}::text, 'id', d.id, 'number', d.number, 'code', ${e.code}::text,
          'at', l.at, 'source', l.source, 'reasonCode', l.reason_code, 'note', l.note)
        from einvoice_lifecycle l join ${sql.identifier(TABLES[kind])} d on d.tenant_id = l.tenant_id and d.id = l.document_id
        where l.tenant_id = ${tenantId} and l.id = ${rows[0]!.id}`,
  );
  return true;
}

/** The history, oldest first, labelled in the reader's language. */
export async function lifecycleOf(
  tx: Tx,
  tenantId: number,
  kind: TEinvoiceDocumentKind,
  id: number,
  language: 'fr' | 'en',
): Promise<TLifecycleEvent[]> {
  const rows = await queryRows<Omit<TLifecycleEvent, 'label'> & { duplicate: boolean }>(
    tx,
    sql`select code, ${isoUtc(sql`at`)} as at, source, reason_code as "reasonCode", note, duplicate
        from einvoice_lifecycle where tenant_id = ${tenantId} and document_kind = ${kind} and document_id = ${id}
        order by at, id`,
  );
  return rows.map(({ duplicate, ...r }) => ({
    ...r,
    label: lifecycleLabel(r.code, language),
    ...(duplicate ? { duplicate } : {}),
  }));
}

/** The current status of each document (the latest event not about a duplicate), for lists and details. */
export async function currentLifecycle(
  tx: Tx,
  tenantId: number,
  kind: TEinvoiceDocumentKind,
  ids: number[],
): Promise<Map<number, TLifecycleCode>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; code: TLifecycleCode }>(
    tx,
    sql`select distinct on (document_id) document_id as id, code from einvoice_lifecycle
        where tenant_id = ${tenantId} and document_kind = ${kind} and not duplicate
          and document_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})
        order by document_id, at desc, id desc`,
  );
  return new Map(rows.map((r) => [r.id, r.code]));
}
