import { sql } from 'drizzle-orm';
import type { TDocumentEvent } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { byPlatform, logWithAuthor } from '../activity-log';

/** A document's history, oldest first: its activity-log entries (creation, edits, status changes, receipts…). */
export const documentHistory = (tx: Tx, tenantId: number, entity: string, id: number) =>
  queryRows<TDocumentEvent>(
    tx,
    sql`select l.id::int as id, l.action, l.summary, l.changes, u.name as "userName", ${byPlatform} as "byPlatform",
          ${isoUtc(sql`l.created_at`)} as "createdAt"
        from ${logWithAuthor}
        where l.tenant_id = ${tenantId} and l.entity = ${entity} and l.entity_id = ${id}
        order by l.created_at, l.id`,
  );

/**
 * The activity-log fields of a change of status. The note the user gave, if any, is a change of its own, so the
 * document's history shows it beside the status.
 */
export const statusChangeEntry = (number: string, from: string, to: string, note: string | null) => ({
  action: 'status' as const,
  summary: note ? `${number}: ${note}` : number,
  changes: [{ field: 'status', from, to }, ...(note ? [{ field: 'note', from: null, to: note }] : [])],
});
