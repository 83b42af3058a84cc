import { sql } from 'drizzle-orm';
import type { TDocumentEvent } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';

/** A document's history, oldest first: its activity-log entries (creation, edits, status changes, receipts…). */
export const documentHistory = (tx: Tx, tenantId: number, entity: string, id: number) =>
  queryRows<TDocumentEvent>(
    tx,
    sql`select l.id::int as id, l.action, l.summary, l.changes, u.name as "userName",
          ${isoUtc(sql`l.created_at`)} as "createdAt"
        from activity_log l left join users u on u.id = l.user_id
        where l.tenant_id = ${tenantId} and l.entity = ${entity} and l.entity_id = ${id}
        order by l.created_at, l.id`,
  );
