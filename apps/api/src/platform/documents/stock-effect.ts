import { sql } from 'drizzle-orm';
import type { TStockReasonCode } from '@tagstock/contract';
import { queryRows } from '../../db/client';
import { moveStock } from '../../modules/stock/stock.service';
import { epcConflict } from '../../modules/rfid/tags-received';
import type { DocumentContext, DocumentGate, DocumentLines, LockedDocument } from './document-type';
import { gateAlreadyMoved } from './gate';

/**
 * A stock document's effect on the stock, declared on its type (`stock`): entering `out` takes the stored lines'
 * units out of stock and their listed tags with them; going from `out` to `back` puts both back. The movements
 * carry the reason code, the document's number as their note and the document as their source, and are written
 * in the transition's transaction, in a constant number of statements whatever the number of lines and tags.
 */
export type StockEffect<S extends string, Locked> = {
  out: S;
  back?: S;
  reason: TStockReasonCode;
  /** The tenant's own reason shown beside the code (an output's), read with the lock. */
  reasonId?: (doc: Locked) => number | null;
};

const NOTHING = sql`select null::int as article_id, null::int as tag_id where false`;

/** Runs the type's stock effect of a change `from` → the document's status; nothing for other changes. */
export async function runStockEffect<S extends string, Locked extends LockedDocument<S>>(
  ctx: DocumentContext,
  type: { lines: DocumentLines; entity: string; stock?: StockEffect<S, Locked>; gate?: DocumentGate<S> },
  doc: Locked,
  from: S,
) {
  const { lines, entity, stock: effect, gate } = type;
  if (!effect) return;
  const direction = doc.status === effect.out ? -1 : from === effect.out && doc.status === effect.back ? 1 : 0;
  if (!direction) return;
  const { tx, tenantId } = ctx;
  // What already left under the document (items its exit gate covered) is neither moved nor checked again: those
  // units are taken off the lines of their article in order, those tags stay as they are.
  const done = gate ? gateAlreadyMoved(gate, tenantId, doc.id) : NOTHING;
  const parent = sql.identifier(lines.parent.name);
  const ofDocument = sql`l.${parent} = ${doc.id} and l.tenant_id = ${tenantId}`;
  // The tags listed on the lines that the kit moves (not those already moved).
  const listed = sql`select t.id, t.in_stock, t.article_id, l.article_id as line_article, e.epc
    from ${lines.table} l cross join unnest(l.epcs) e(epc)
    left join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc
    where ${ofDocument} and not exists (select 1 from (${done}) d where d.tag_id = t.id)`;
  if (direction === -1) {
    const outside = await queryRows<{ epc: string }>(
      tx,
      sql`select epc from (${listed}) x
          where id is null or not in_stock or article_id is distinct from line_article order by epc limit 100`,
    );
    if (outside.length)
      throw epcConflict(
        'epc_not_in_stock',
        'are not in stock as items of their line',
        outside.map((r) => r.epc),
      );
  }
  // Each line's units, less the units of its article already moved, taken off the article's lines in order.
  const moved = await queryRows<{ articleId: number; quantity: number }>(
    tx,
    sql`with done as (select article_id, count(*)::int as units from (${done}) d group by article_id),
          l as (select l.position, l.article_id, l.quantity,
                  sum(l.quantity) over (partition by l.article_id order by l.position) - l.quantity as before
                from ${lines.table} l where ${ofDocument} and l.article_id is not null)
        select l.article_id as "articleId",
          (l.quantity - least(l.quantity, greatest(0, coalesce(d.units, 0) - l.before)))::int as quantity
        from l left join done d on d.article_id = l.article_id order by l.position`,
  );
  await moveStock(
    tx,
    { tenantId, userId: ctx.userId },
    moved
      .filter((l) => l.quantity > 0)
      .map((l) => ({
        articleId: l.articleId,
        delta: direction * l.quantity,
        reason: effect.reason,
        reasonId: effect.reasonId?.(doc) ?? null,
        note: doc.number,
        source: { type: entity, id: doc.id },
      })),
  );
  await tx.execute(
    sql`update tags t set in_stock = ${direction === 1}, updated_at = now() from (${listed}) x
        where t.id = x.id and t.tenant_id = ${tenantId}`,
  );
}
