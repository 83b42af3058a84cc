import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { jsonRows } from '../../db/sql-fragments';
import type { ErrorCode } from '@tagstock/contract';
import { conflict } from '../../platform/errors';

/**
 * A 409 naming the EPCs (at most 100 read, the first 10 in the message): `count` and `epcs` for the web's
 * translated message.
 */
export const epcConflict = (code: ErrorCode, what: string, epcs: readonly string[]) =>
  conflict(
    code,
    `${epcs.length === 100 ? 'At least 100' : epcs.length} of these EPCs ${what}`,
    epcs.map((epc) => ({ field: 'epcs', message: epc, code: 'already_used' as const })),
    { count: epcs.length, epcs: epcs.slice(0, 10).join(', ') },
  );

/** An EPC that came with a received item of an article. */
export type ReceivedTag = { epc: string; articleId: number };

/**
 * Puts the tags of received items in stock, bound to their article, in two statements whatever their number:
 * unknown EPCs are created (no family), unbound ones (registered by a platform delivery) are bound and keep their
 * family, ones of the same article that left the stock come back. An EPC bound to another article or already in
 * stock refuses the whole receipt (409 `epc_not_receivable`): the stock would count its item twice.
 */
export async function putReceivedTagsInStock(tx: Tx, tenantId: number, received: readonly ReceivedTag[]) {
  if (received.length === 0) return;
  const rows = received.map((r) => ({ epc: r.epc, article_id: r.articleId }));
  const refused = await queryRows<{ epc: string }>(
    tx,
    sql`select x.epc from ${jsonRows(rows)} as x(epc text, article_id int)
        join tags t on t.tenant_id = ${tenantId} and t.epc = x.epc
        where t.article_id is not null and (t.article_id <> x.article_id or t.in_stock)
        order by x.epc limit 100`,
  );
  if (refused.length)
    throw epcConflict(
      'epc_not_receivable',
      'are in stock already or bound to another article',
      refused.map((r) => r.epc),
    );
  await tx.execute(
    sql`insert into tags (tenant_id, epc, article_id, in_stock)
        select ${tenantId}, x.epc, x.article_id, true from ${jsonRows(rows)} as x(epc text, article_id int)
        on conflict (tenant_id, epc) do update set article_id = excluded.article_id, in_stock = true, updated_at = now()`,
  );
}
