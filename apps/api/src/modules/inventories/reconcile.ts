import { sql, type SQL } from 'drizzle-orm';
import type { TInventoryScopeKind } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { jsonList } from '../../db/sql-fragments';
import { lockArticles, moveStock } from '../stock/stock.service';

/**
 * The reconciliation of an inventory: the expected tags and theoretical stock snapshot at the start, the reads taken
 * in since (handheld sessions, fixed readers, in the scope's locations), the lines recomputed from the tags seen and
 * the manual counts, and the gaps applied to the stock at the end. Each step is a constant number of statements,
 * whatever the number of tags.
 */

export type CountedInventory = {
  id: number;
  tenantId: number;
  number: string | null;
  scopeKind: TInventoryScopeKind;
  scopeIds: number[];
  startedAt: string | null;
  countedUntil: number;
};

/** The locations of a location scope: its readers' locations. */
const scopeLocations = (inv: CountedInventory) =>
  sql`array(select distinct r.location from readers r
        where r.tenant_id = ${inv.tenantId} and r.id = any(${jsonIds(inv.scopeIds)}))`;

const jsonIds = (ids: readonly number[]) => sql`array(select value::int from ${jsonList(ids)})`;
/** A set of many ids, matched through a hashed semi-join (`= any` of an array compares each row with every id). */
const idSet = (ids: readonly number[]) => sql`(select value::int from ${jsonList(ids)})`;

/** The consumers' attributions in force today (article, tag and category ones). */
const attributedTo = (inv: CountedInventory, target: SQL, column: 'article_id' | 'tag_id') =>
  sql`exists (select 1 from attributions b where b.tenant_id = ${inv.tenantId} and b.${sql.raw(column)} = ${target}
        and b.consumer_id = any(${jsonIds(inv.scopeIds)}) and b.start_date <= current_date
        and (b.end_date is null or b.end_date >= current_date))`;
const categoryAttributed = (inv: CountedInventory) =>
  sql`exists (select 1 from category_attributions b where b.tenant_id = ${inv.tenantId} and b.category_id = a.category_id
        and b.consumer_id = any(${jsonIds(inv.scopeIds)}) and b.start_date <= current_date
        and (b.end_date is null or b.end_date >= current_date))`;

/** Whether article `a` is in the scope (a location scope's articles are those of its expected tags). */
function articleInScope(inv: CountedInventory): SQL {
  switch (inv.scopeKind) {
    case 'all':
      return sql`true`;
    case 'categories':
      return sql`a.category_id = any(${jsonIds(inv.scopeIds)})`;
    case 'attributions':
      return sql`(${attributedTo(inv, sql`a.id`, 'article_id')} or ${categoryAttributed(inv)})`;
    case 'location':
      return sql`exists (select 1 from inventory_tags e where e.inventory_id = ${inv.id} and e.article_id = a.id)`;
  }
}

/** Whether tag `t` (of article `a`) is expected: in stock and in the scope. */
function tagInScope(inv: CountedInventory): SQL {
  switch (inv.scopeKind) {
    case 'location':
      return sql`t.last_location = any(${scopeLocations(inv)})`;
    case 'attributions':
      return sql`(${articleInScope(inv)} or ${attributedTo(inv, sql`t.id`, 'tag_id')})`;
    default:
      return articleInScope(inv);
  }
}

/**
 * Starting: the expected tags (active, in stock, of a family that counts in stock, in the scope) and one line per
 * article in scope with its theoretical stock (its quantity; at a location, its tags expected there) and its cost.
 * The count takes in the reads that arrive from now on.
 */
export async function snapshot(tx: Tx, inv: CountedInventory) {
  const t = inv.tenantId;
  await tx.execute(
    sql`insert into inventory_tags (tenant_id, inventory_id, epc, tag_id, article_id, expected, expected_location, in_stock)
        select ${t}, ${inv.id}, t.epc, t.id, t.article_id, true, t.last_location, true
        from tags t join articles a on a.id = t.article_id and a.tenant_id = ${t}
        left join tag_families f on f.id = t.family_id and f.tenant_id = ${t}
        where t.tenant_id = ${t} and t.status = 'active' and t.in_stock and coalesce(f.counts_in_stock, true)
          and ${tagInScope(inv)}`,
  );
  const theoretical = inv.scopeKind === 'location' ? sql`e.n` : sql`a.quantity`;
  await tx.execute(
    sql`insert into inventory_lines (tenant_id, inventory_id, article_id, unit_cost, theoretical, tags_expected,
          tags_missing, is_counted)
        select ${t}, ${inv.id}, a.id, coalesce(a.unit_price, a.price_ht), ${theoretical}, e.n, e.n, e.n > 0
        from articles a
        cross join lateral (select count(*)::int as n from inventory_tags
                   where inventory_id = ${inv.id} and article_id = a.id and tenant_id = ${t}) e
        left join categories c on c.id = a.category_id and c.tenant_id = ${t}
        where a.tenant_id = ${t} and coalesce(a.nature, c.nature, 'goods') <> 'service'
          and (${articleInScope(inv)} or e.n > 0)`,
  );
  const [last] = await queryRows<{ id: number | null }>(
    tx,
    sql`select id from tag_movements where tenant_id = ${t} order by id desc limit 1`,
  );
  await tx.execute(
    sql`update inventories set counted_until = ${last?.id ?? 0} where id = ${inv.id} and tenant_id = ${t}`,
  );
  await recomputeLines(tx, inv);
}

/**
 * Takes in the reads recorded since the last time (by order of arrival, seen after the start, not exits): one row
 * per EPC, the first sighting kept. Answers the articles whose lines changed; nothing is read twice.
 */
export async function takeInReads(tx: Tx, inv: CountedInventory): Promise<number[]> {
  const t = inv.tenantId;
  const where = inv.scopeKind === 'location' ? sql` and m.location = any(${scopeLocations(inv)})` : sql``;
  const rows = await queryRows<{ articleId: number | null; until: number | null }>(
    tx,
    sql`with r as (
          select distinct on (m.epc) m.epc, m.seen_at, m.location from tag_movements m
          where m.tenant_id = ${t} and m.id > ${inv.countedUntil} and m.seen_at >= ${inv.startedAt}::timestamptz
            and m.event_type <> 'OUT'${where}
          order by m.epc, m.seen_at
        ),
        until as (select max(id) as id from tag_movements where tenant_id = ${t} and id > ${inv.countedUntil}),
        taken as (
          insert into inventory_tags (tenant_id, inventory_id, epc, tag_id, article_id, in_stock, seen_at, seen_location)
          select ${t}, ${inv.id}, r.epc, x.id, x.article_id, x.in_stock, r.seen_at, r.location
          from r left join tags x on x.tenant_id = ${t} and x.epc = r.epc
          on conflict (inventory_id, epc) do update
            set seen_at = coalesce(inventory_tags.seen_at, excluded.seen_at),
                seen_location = coalesce(inventory_tags.seen_location, excluded.seen_location)
          returning inventory_tags.article_id
        ),
        moved as (
          update inventories set counted_until = coalesce((select id from until), counted_until)
          where id = ${inv.id} and tenant_id = ${t}
        )
        select distinct article_id as "articleId", (select id from until) as until from taken`,
  );
  inv.countedUntil = rows[0]?.until ?? inv.countedUntil;
  const articles = rows.flatMap((r) => (r.articleId === null ? [] : [r.articleId]));
  if (inv.scopeKind === 'location' && articles.length)
    // An article found at the location but expected nowhere there gets its line (theoretical 0).
    await tx.execute(
      sql`insert into inventory_lines (tenant_id, inventory_id, article_id, unit_cost, theoretical)
          select ${t}, ${inv.id}, a.id, coalesce(a.unit_price, a.price_ht), 0 from articles a
          where a.tenant_id = ${t} and a.id in ${idSet(articles)}
          on conflict (inventory_id, article_id) do nothing`,
    );
  return articles;
}

/**
 * Recomputes lines (all, or those of `articleIds`) from their tags and manual counts, then the inventory's totals.
 * Counted: the expected tags seen, the tags out of stock seen again (a surplus) and the manual count. A line nothing
 * counted (no tag expected or seen, no manual count) has no gap.
 */
export async function recomputeLines(tx: Tx, inv: CountedInventory, articleIds?: readonly number[]) {
  const t = inv.tenantId;
  const only = (column: SQL) => (articleIds ? sql` and ${column} in ${idSet(articleIds)}` : sql``);
  // Each line counts its own tags through the (inventory, article) index: linear whatever the planner's statistics
  // (the tables were just written in this transaction, and a join of two aggregates it thinks tiny is quadratic).
  await tx.execute(
    sql`with n as materialized (
          select l.id, g.expected, g.found, g.unexpected, g.found + g.back + coalesce(l.manual, 0) as counted,
            (g.expected + g.unexpected > 0 or l.manual is not null) as is_counted
          from inventory_lines l cross join lateral (
            select count(*) filter (where expected)::int as expected,
              count(*) filter (where expected and seen_at is not null)::int as found,
              count(*) filter (where not expected and seen_at is not null)::int as unexpected,
              count(*) filter (where not expected and seen_at is not null and not coalesce(in_stock, true))::int as back
            from inventory_tags it where it.inventory_id = l.inventory_id and it.article_id = l.article_id
              and it.tenant_id = ${t}
          ) g
          where l.inventory_id = ${inv.id} and l.tenant_id = ${t}${only(sql`l.article_id`)}
        )
        update inventory_lines l set tags_expected = n.expected, tags_found = n.found,
          tags_missing = n.expected - n.found, tags_unexpected = n.unexpected, counted = n.counted,
          is_counted = n.is_counted,
          gap = case when n.is_counted then n.counted - l.theoretical else 0 end,
          gap_value = case when n.is_counted then (n.counted - l.theoretical) * l.unit_cost else 0 end
        from n where l.id = n.id and l.tenant_id = ${t}`,
  );
  await tx.execute(
    sql`update inventories i set article_count = s.lines, theoretical = s.theoretical, counted = s.counted, gap = s.gap,
          gap_value = s.gap_value, missing = s.missing, surplus = s.surplus, missing_value = s.missing_value,
          surplus_value = s.surplus_value, tags_expected = s.expected,
          tags_found = s.found, tags_missing = s.expected - s.found, tags_unexpected = u.unexpected,
          tags_unknown = u.unknown, updated_at = now()
        from (
          select count(*)::int as lines, coalesce(sum(theoretical), 0)::int as theoretical,
            coalesce(sum(counted), 0)::int as counted, coalesce(sum(gap), 0)::int as gap,
            coalesce(sum(gap_value), 0) as gap_value, coalesce(sum(-gap) filter (where gap < 0), 0)::int as missing,
            coalesce(sum(gap) filter (where gap > 0), 0)::int as surplus,
            coalesce(sum(-gap_value) filter (where gap < 0), 0) as missing_value,
            coalesce(sum(gap_value) filter (where gap > 0), 0) as surplus_value,
            coalesce(sum(tags_expected), 0)::int as expected, coalesce(sum(tags_found), 0)::int as found
          from inventory_lines where inventory_id = ${inv.id} and tenant_id = ${t}
        ) s, (
          select count(*) filter (where not expected and article_id is not null)::int as unexpected,
            count(*) filter (where article_id is null)::int as unknown
          from inventory_tags where inventory_id = ${inv.id} and tenant_id = ${t} and seen_at is not null
        ) u
        where i.id = ${inv.id} and i.tenant_id = ${t}`,
  );
}

/** Takes in the new reads and recomputes the lines they touched (nothing when none arrived). */
export async function refreshCount(tx: Tx, inv: CountedInventory) {
  const articles = await takeInReads(tx, inv);
  if (articles.length) await recomputeLines(tx, inv, articles);
}

const ADJUSTMENT_BATCH = 1000;

/**
 * Applies the counted lines' gaps to the stock (reason "inventory", the inventory's number), in the finish's
 * transaction. A gap never takes an article below zero: stock that left during the count is not taken twice.
 */
export async function applyAdjustments(tx: Tx, inv: CountedInventory, userId: number | null) {
  const lines = await queryRows<{ articleId: number; gap: number }>(
    tx,
    sql`select article_id as "articleId", gap from inventory_lines
        where inventory_id = ${inv.id} and tenant_id = ${inv.tenantId} and is_counted and gap <> 0 order by article_id`,
  );
  const locked = await lockArticles(
    tx,
    inv.tenantId,
    lines.map((l) => l.articleId),
  );
  const changes = lines.flatMap((l) => {
    const delta = Math.max(l.gap, -(locked.get(l.articleId) ?? 0));
    return delta === 0
      ? []
      : [
          {
            articleId: l.articleId,
            delta,
            reason: 'inventory' as const,
            note: inv.number,
            source: { type: 'inventory', id: inv.id },
          },
        ];
  });
  // In batches: one statement of tens of thousands of changes joins its parts row by row (its planner sees them as
  // small); each article moves once, so the quantities locked above stay right from batch to batch.
  for (let i = 0; i < changes.length; i += ADJUSTMENT_BATCH)
    await moveStock(tx, { tenantId: inv.tenantId, userId }, changes.slice(i, i + ADJUSTMENT_BATCH), { locked });
  await tx.execute(
    sql`update inventories set adjusted_at = now() where id = ${inv.id} and tenant_id = ${inv.tenantId}`,
  );
}
