import { sql, type SQL } from 'drizzle-orm';
import {
  ZEcartAttribution,
  ZGetInventory,
  ZLatestInventoryCount,
  ZSumEcart,
  ZSumEcartValue,
  type TGapGrouping,
  type TGapRow,
  type TGaps,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Db, type Tx } from '../../db/client';
import { isoUtc, moneyText } from '../../db/sql-fragments';
import { notFound } from '../../platform/errors';
import { widgetRoutes } from '../../platform/widget-routes';

/**
 * The gaps of a finished inventory by article, by attribution (who holds the article: its consumer's attribution,
 * else its category's) or by category, beside the previous finished inventory's; and the inventory widgets of the
 * dashboard (SPEC §7).
 */

type Ref = { id: number; number: string | null; finishedAt: string | null };
const refColumns = sql`id, number, ${isoUtc(sql`finished_at`)} as "finishedAt"`;

/** The chosen finished inventory (or the last one) and the one finished before it. */
async function inventoryPair(tx: Tx, tenantId: number, inventoryId?: number) {
  const [current] = await queryRows<Ref & { at: string }>(
    tx,
    sql`select ${refColumns}, finished_at::text as at from inventories
        where tenant_id = ${tenantId} and status = 'finished'${inventoryId ? sql` and id = ${inventoryId}` : sql``}
        order by finished_at desc, id desc limit 1`,
  );
  if (!current) {
    if (inventoryId) throw notFound('finished inventory');
    return { current: null, previous: null };
  }
  const [previous] = await queryRows<Ref>(
    tx,
    sql`select ${refColumns} from inventories where tenant_id = ${tenantId} and status = 'finished'
          and (finished_at, id) < (${current.at}::timestamptz, ${current.id}::int)
        order by finished_at desc, id desc limit 1`,
  );
  const { at: _, ...ref } = current;
  return { current: ref, previous: previous ?? null };
}

/** The consumer (or the location) an article is attributed to today: its own attribution, else its category's. */
const holder = (tenantId: number) => sql`left join lateral (
    select h.consumer_id, coalesce(k.name, h.location) as name from (
      select consumer_id, location, 1 as rank from attributions b
      where b.tenant_id = ${tenantId} and b.article_id = a.id and b.start_date <= current_date
        and (b.end_date is null or b.end_date >= current_date)
      union all
      select consumer_id, location, 2 from category_attributions b
      where b.tenant_id = ${tenantId} and b.category_id = a.category_id and b.start_date <= current_date
        and (b.end_date is null or b.end_date >= current_date)
    ) h left join consumers k on k.id = h.consumer_id and k.tenant_id = ${tenantId}
    order by h.rank, h.consumer_id limit 1
  ) h on true`;

/** The group keys and names a finished inventory's lines are summed by (kept in `inventory_gap_groups`). */
const GROUPS: Record<Exclude<TGapGrouping, 'article'>, (tenantId: number) => { key: SQL; label: SQL; join: SQL }> = {
  category: (t) => ({
    key: sql`c.id`,
    label: sql`coalesce(c.name, '')`,
    join: sql`left join categories c on c.id = a.category_id and c.tenant_id = ${t}`,
  }),
  attribution: (t) => ({ key: sql`h.consumer_id`, label: sql`coalesce(h.name, '')`, join: holder(t) }),
};

/** Sums a finished inventory's counted lines by category and by attribution, once (the gaps read these rows). */
export async function keepGapGroups(tx: Tx, tenantId: number, inventoryId: number) {
  for (const [grouping, of] of Object.entries(GROUPS)) {
    const g = of(tenantId);
    await tx.execute(
      sql`insert into inventory_gap_groups (tenant_id, inventory_id, grouping, key, label, theoretical, counted, gap,
            gap_value)
          select ${tenantId}, ${inventoryId}, ${grouping}, ${g.key}, ${g.label}, sum(l.theoretical), sum(l.counted),
            sum(l.gap), sum(l.gap_value)
          from inventory_lines l join articles a on a.id = l.article_id and a.tenant_id = ${tenantId} ${g.join}
          where l.inventory_id = ${inventoryId} and l.tenant_id = ${tenantId} and l.is_counted
          group by 4, 5`,
    );
  }
}

const rowColumns = (n: SQL, p: SQL) => sql`${n}.theoretical, ${n}.counted, ${n}.gap,
  ${moneyText(sql`${n}.gap_value`)} as "gapValue", ${p}.gap as "previousGap",
  case when ${p}.gap_value is null then null else ${moneyText(sql`${p}.gap_value`)} end as "previousGapValue"`;

/**
 * The groups with a gap, the largest in value first, beside the previous inventory's: by article, the inventory's
 * lines with a gap (an article whose gap is only in the previous one is in that one's gaps); by category or
 * attribution, the sums kept when it finished, with a gap in either.
 */
function gapRows(tx: Tx, tenantId: number, by: TGapGrouping, current: number, previous: number | null, limit = 500) {
  const prev = previous ?? 0;
  if (by === 'article')
    // The largest first straight from the lines' gap index, then each one's article and previous line.
    return queryRows<TGapRow>(
      tx,
      sql`with l as (
            select * from inventory_lines where inventory_id = ${current} and tenant_id = ${tenantId} and gap <> 0
            order by abs(gap_value) desc limit ${limit}
          )
          select l.article_id as key, a.reference || ' — ' || a.designation as label, ${rowColumns(sql`l`, sql`p`)}
          from l join articles a on a.id = l.article_id and a.tenant_id = ${tenantId}
          left join inventory_lines p on p.inventory_id = ${prev} and p.article_id = l.article_id
            and p.tenant_id = ${tenantId} and p.is_counted
          order by abs(l.gap_value) desc, label`,
    );
  return queryRows<TGapRow>(
    tx,
    sql`select n.key, n.label, ${rowColumns(sql`n`, sql`p`)}
        from inventory_gap_groups n left join inventory_gap_groups p on p.inventory_id = ${prev}
          and p.tenant_id = ${tenantId} and p.grouping = n.grouping and p.key is not distinct from n.key
          and p.label = n.label
        where n.inventory_id = ${current} and n.tenant_id = ${tenantId} and n.grouping = ${by}
          and (n.gap <> 0 or coalesce(p.gap, 0) <> 0)
        order by abs(n.gap_value) desc, n.label limit ${limit}`,
  );
}

export async function gaps(tx: Tx, tenantId: number, q: { inventoryId?: number; by: TGapGrouping }): Promise<TGaps> {
  const { current, previous } = await inventoryPair(tx, tenantId, q.inventoryId);
  if (!current) return { inventory: null, previous: null, by: q.by, rows: [] };
  return {
    inventory: current,
    previous,
    by: q.by,
    rows: await gapRows(tx, tenantId, q.by, current.id, previous?.id ?? null),
  };
}

const lastFinished = (tenantId: number) =>
  sql`(select id from inventories where tenant_id = ${tenantId} and status = 'finished'
       order by finished_at desc, id desc limit 1)`;

const latestColumns = sql`id as "inventoryId", number, ${isoUtc(sql`finished_at`)} as "finishedAt"`;

/** The dashboard's inventory widgets (SPEC §7 paths), of the last finished inventory unless said otherwise. */
export function inventoryWidgets(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const widget = widgetRoutes(app, db, 'inventories.read');
    widget('/dashboard/client/:id/latest-inventaire-count', ZLatestInventoryCount, async (tx, tenantId) => {
      const [row] = await queryRows(
        tx,
        sql`select ${latestColumns}, theoretical, counted from inventories where id = ${lastFinished(tenantId)}`,
      );
      return (row ?? null) as never;
    });
    widget('/dashboard/sum-ecart/:id', ZSumEcart, async (tx, tenantId) => {
      const [row] = await queryRows(
        tx,
        sql`select ${latestColumns}, missing, surplus, gap from inventories where id = ${lastFinished(tenantId)}`,
      );
      return (row ?? null) as never;
    });
    widget('/dashboard/sum-ecart-en-valeur/:id', ZSumEcartValue, async (tx, tenantId) => {
      const [row] = await queryRows(
        tx,
        sql`select ${latestColumns}, ${moneyText(sql`missing_value`)} as "missingValue",
              ${moneyText(sql`surplus_value`)} as "surplusValue", ${moneyText(sql`gap_value`)} as "gapValue"
            from inventories where id = ${lastFinished(tenantId)}`,
      );
      return (row ?? null) as never;
    });
    widget('/dashboard/ecartAttribution/:id', ZEcartAttribution, async (tx, tenantId) => {
      const { current, previous } = await inventoryPair(tx, tenantId);
      return current ? gapRows(tx, tenantId, 'attribution', current.id, previous?.id ?? null, 5) : [];
    });
    widget(
      '/dashboard/getinventory/:id',
      ZGetInventory,
      (tx, tenantId) =>
        queryRows(
          tx,
          sql`select * from (
              select ${latestColumns}, theoretical, counted, gap from inventories
              where tenant_id = ${tenantId} and status = 'finished' order by finished_at desc, id desc limit 6
            ) x order by "finishedAt", "inventoryId"`,
        ) as never,
    );
  };
}
