import { sql } from 'drizzle-orm';
import { QUANTITY_MAX, type TStockReasonCode } from '@tagstock/contract';
import { queryPrepared, queryRows, type Tx } from '../../db/client';
import { idArray, jsonRows } from '../../db/sql-fragments';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { webhookEmission, webhooksQueued } from '../../platform/webhooks/emit';

export type StockContext = { tenantId: number; userId: number | null };

/** One change of one article's stock. */
export type StockChange = {
  articleId: number;
  /** Units in (positive) or out (negative); a whole number, never 0. */
  delta: number;
  /** What kind of change this is. */
  reason: TStockReasonCode;
  /** The tenant's own reason (a manual change); its name is shown beside the code's in the movement and the log. */
  reasonId?: number | null;
  note?: string | null;
  /** The document or event behind the change: a tag movement, a delivery note, an inventory… */
  source?: { type: string; id: number } | null;
};

/** An article the batch moved: its quantity before the first change and after the last. */
export type MovedArticle = { articleId: number; reference: string; designation: string; before: number; after: number };

/**
 * Locks the tenant's articles in id order (two batches never wait on each other in opposite orders) and
 * answers their quantities. One statement whatever the number of articles; unknown ids are absent.
 */
export async function lockArticles(tx: Tx, tenantId: number, articleIds: Iterable<number>) {
  const ids = [...new Set(articleIds)];
  if (!ids.length) return new Map<number, number>();
  const rows = await queryPrepared<{ id: number; quantity: number }>(
    tx,
    sql`select id, quantity from articles where id = any(${idArray(ids)}) and tenant_id = ${tenantId}
        order by id for update`,
  );
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

/** The refusal of a change that would take an article below zero, naming the article and its stock. */
async function insufficientStock(tx: Tx, tenantId: number, i: number, articleId: number, stock: number, take: number) {
  const [row] = await queryRows<{ designation: string }>(
    tx,
    sql`select designation from articles where id = ${articleId} and tenant_id = ${tenantId}`,
  );
  const params = { article: row?.designation ?? String(articleId), stock, quantity: take };
  return conflict(
    'insufficient_stock',
    'Stock cannot go below zero',
    [
      {
        field: `changes.${i}`,
        message: `article ${articleId} has ${stock}, cannot take ${take}`,
        code: 'insufficient_stock',
        params,
      },
    ],
    params,
  );
}

/**
 * The one way stock moves. Applies a batch of changes, in order, in two statements whatever its size: lock
 * the articles (skipped when the caller passes the quantities it locked in this transaction), then write the
 * quantities, one stock movement per change and one activity-log entry per article. A change that would take
 * an article below zero refuses the whole batch (409 insufficient_stock); the CHECK on `articles.quantity`
 * is the second wall.
 */
export async function moveStock(
  tx: Tx,
  ctx: StockContext,
  changes: readonly StockChange[],
  opts: { locked?: ReadonlyMap<number, number> } = {},
): Promise<Map<number, MovedArticle>> {
  const moved = new Map<number, MovedArticle>();
  if (!changes.length) return moved;
  for (const c of changes)
    if (!Number.isInteger(c.delta) || c.delta === 0) throw new Error(`stock delta must be a non-zero integer`);
  const quantities =
    opts.locked ??
    (await lockArticles(
      tx,
      ctx.tenantId,
      changes.map((c) => c.articleId),
    ));
  const current = new Map<number, number>();
  const rows = [];
  for (const [i, c] of changes.entries()) {
    const before = current.get(c.articleId) ?? quantities.get(c.articleId);
    if (before === undefined) throw notFound('article');
    const after = before + c.delta;
    if (after < 0) throw await insufficientStock(tx, ctx.tenantId, i, c.articleId, before, -c.delta);
    // The business ceiling, below the integer column's.
    if (after > QUANTITY_MAX)
      throw badRequest(
        'quantity_too_large',
        `The stock of an article cannot exceed ${QUANTITY_MAX}`,
        [
          {
            field: 'quantity',
            message: `at most ${QUANTITY_MAX} in stock`,
            code: 'too_large',
            params: { maximum: QUANTITY_MAX },
          },
        ],
        { maximum: QUANTITY_MAX },
      );
    current.set(c.articleId, after);
    rows.push({
      article_id: c.articleId,
      delta: c.delta,
      quantity_after: after,
      reason_code: c.reason,
      reason_id: c.reasonId ?? null,
      note: c.note ?? null,
      source_type: c.source?.type ?? null,
      source_id: c.source?.id ?? null,
    });
  }
  const articles = [...current].map(([id, after]) => ({
    id,
    before: quantities.get(id)!,
    after,
    delta: after - quantities.get(id)!,
  }));
  const written = await queryPrepared<{ id: number; reference: string; designation: string; webhooks: number }>(
    tx,
    sql`with v as materialized (
          select row_number() over () as ord, v.* from ${jsonRows(rows)} as v(article_id int, delta int,
            quantity_after int, reason_code text, reason_id int, note text, source_type text, source_id bigint)
        ),
        n as (select * from ${jsonRows(articles)} as n(id int, before int, after int, delta int)),
        stock as (
          update articles a set quantity = a.quantity + n.delta, updated_at = now()
          from n where a.id = n.id and a.id = any(${idArray(articles.map((a) => a.id))}) and a.tenant_id = ${ctx.tenantId}
          returning a.id, a.reference, a.designation, a.stock_alert
        ),
        moves as (
          insert into stock_movements (tenant_id, article_id, delta, quantity_after, reason_code, reason_id, note,
            user_id, source_type, source_id)
          select ${ctx.tenantId}, article_id, delta, quantity_after, reason_code, reason_id, note, ${ctx.userId}::int,
            source_type, source_id
          from v order by ord
        ),
        why as (
          select v.article_id, string_agg(distinct r.label, ', ') as own,
            case when count(distinct v.reason_code) = 1 then to_jsonb(min(v.reason_code))
              else to_jsonb(array_agg(distinct v.reason_code order by v.reason_code)) end as codes
          from v left join reasons r on r.id = v.reason_id and r.tenant_id = ${ctx.tenantId}
          group by v.article_id
        ),
        logged as (
          -- The reason's code (the web names it in the reader's language), and the tenant's own reason as written.
          insert into activity_log (tenant_id, user_id, entity, entity_id, action, summary, changes)
          select ${ctx.tenantId}, ${ctx.userId}::int, 'article', s.id,
            case when n.after >= n.before then 'incremented' else 'decremented' end,
            s.reference || ' — ' || s.designation,
            jsonb_build_array(jsonb_build_object('field', 'quantity', 'from', n.before, 'to', n.after),
              jsonb_build_object('field', 'reasonCode', 'from', null, 'to', w.codes))
              || case when w.own is null then '[]'::jsonb
                 else jsonb_build_array(jsonb_build_object('field', 'reason', 'from', null, 'to', w.own)) end
          from stock s join n on n.id = s.id join why w on w.article_id = s.id
        ),
        -- An article whose stock falls to its alert threshold or below (the dashboard's alert) in this batch.
        ${webhookEmission(
          'alert',
          ctx.tenantId,
          'stock.alert',
          sql`select jsonb_build_object('articleId', s.id, 'reference', s.reference, 'designation', s.designation,
                'quantity', n.after, 'threshold', s.stock_alert)
              from stock s join n on n.id = s.id where n.before > s.stock_alert and n.after <= s.stock_alert`,
        )}
        select id, reference, designation, (select count(*)::int from alert_deliveries) as webhooks from stock`,
  );
  webhooksQueued(written[0]?.webhooks ?? 0);
  const byId = new Map(articles.map((a) => [a.id, a]));
  for (const w of written) {
    const a = byId.get(w.id)!;
    moved.set(w.id, {
      articleId: w.id,
      reference: w.reference,
      designation: w.designation,
      before: a.before,
      after: a.after,
    });
  }
  return moved;
}
