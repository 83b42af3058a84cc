import { sql, type SQL } from 'drizzle-orm';
import {
  listOf,
  SocketEvents,
  ZLostArticle,
  ZLostArticleSettings,
  ZLostArticleStatusChange,
  ZLostArticlesQuery,
  ZTagIdParams,
  type TLostArticle,
  type TLostArticleFound,
  type TLostArticleSettings,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryPrepared, queryRows, type Db, type Tx } from '../../db/client';
import { isoUtc, jsonList } from '../../db/sql-fragments';
import { logActivity } from '../../platform/activity-log';
import { tenantScope } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { paginate } from '../../platform/pagination';
import type { Realtime } from '../../platform/realtime';
import { moveStock } from '../stock/stock.service';

/**
 * Lost articles: a tag missed by N inventories in a row (finishing one marks them), or unseen by any reader for X
 * days (continuous inventory: every read refreshes a tag's last seen), is suspected lost; a user confirms it lost
 * (its unit written off the stock) or found; a reader seeing it again finds it by itself, and says so.
 */

const DEFAULTS: TLostArticleSettings = { missedInventories: 1, unseenDays: 90 };

export async function lostArticleSettings(tx: Tx, tenantId: number): Promise<TLostArticleSettings> {
  const [row] = await queryRows<TLostArticleSettings>(
    tx,
    sql`select missed_inventories as "missedInventories", unseen_days as "unseenDays"
        from inventory_settings where tenant_id = ${tenantId}`,
  );
  return row ?? DEFAULTS;
}

/**
 * After an inventory finished: its missing tags that N finished inventories in a row missed are suspected (again);
 * its tags seen that were suspected or lost are found.
 */
export async function suspectMissing(tx: Tx, tenantId: number, inventoryId: number, userId: number | null) {
  const { missedInventories } = await lostArticleSettings(tx, tenantId);
  await tx.execute(
    // Each missed tag reads its own history through the tags' index (a lateral query: linear, whatever the statistics).
    sql`with streak as (
          select cur.tag_id, h.n from inventory_tags cur
          cross join lateral (
            select coalesce(min(rn) filter (where not miss) - 1, count(*))::int as n from (
              select it.seen_at is null as miss,
                row_number() over (order by i.finished_at desc, i.id desc) as rn
              from inventory_tags it join inventories i on i.id = it.inventory_id and i.tenant_id = ${tenantId}
              where it.tag_id = cur.tag_id and it.tenant_id = ${tenantId} and it.expected and i.status = 'finished'
            ) x
          ) h
          where cur.inventory_id = ${inventoryId} and cur.tenant_id = ${tenantId} and cur.expected
            and cur.seen_at is null and cur.tag_id is not null
        )
        insert into lost_articles (tenant_id, tag_id, status, cause, missed_inventories, inventory_id)
        select ${tenantId}, tag_id, 'suspected', 'inventory', n, ${inventoryId} from streak where n >= ${missedInventories}
        on conflict (tenant_id, tag_id) do update set cause = 'inventory',
          missed_inventories = excluded.missed_inventories, inventory_id = excluded.inventory_id,
          status = case when lost_articles.status = 'lost' then 'lost' else 'suspected' end,
          suspected_at = case when lost_articles.status = 'found' then now() else lost_articles.suspected_at end,
          found_at = case when lost_articles.status = 'found' then null else lost_articles.found_at end`,
  );
  await markFound(
    tx,
    { tenantId, userId },
    sql`exists (select 1 from inventory_tags it where it.tag_id = l.tag_id and it.inventory_id = ${inventoryId}
        and it.tenant_id = ${tenantId} and it.seen_at is not null)`,
  );
}

/**
 * Marks found the tags suspected or lost that `seen` (a condition on the lost article `l`'s `tag_id`, checked for
 * each of them: they are few) says were seen; a tag written off comes back into stock
 * (one unit of its article) unless it already did. Answers what was found, for a notification after commit.
 */
export async function markFound(
  tx: Tx,
  ctx: { tenantId: number; userId: number | null },
  seen: SQL,
): Promise<TLostArticleFound[]> {
  const t = ctx.tenantId;
  const found = await queryPrepared<TLostArticleFound & { back: boolean }>(
    tx,
    sql`with old as (
          select l.tag_id, l.status, l.written_off from lost_articles l
          where l.tenant_id = ${t} and l.status in ('suspected', 'lost') and ${seen} for update
        ),
        found as (
          update lost_articles l set status = 'found', found_at = now(), written_off = false
          from old where l.tenant_id = ${t} and l.tag_id = old.tag_id
          returning l.tag_id
        )
        select x.id as "tagId", x.epc, x.article_id as "articleId", a.designation, x.last_location as location,
          old.status = 'lost' as "wasLost", old.written_off and not x.in_stock and x.article_id is not null as back
        from found join old on old.tag_id = found.tag_id join tags x on x.id = found.tag_id and x.tenant_id = ${t}
        left join articles a on a.id = x.article_id and a.tenant_id = ${t}`,
  );
  const back = found.filter((f) => f.back);
  if (back.length) {
    await moveStock(
      tx,
      ctx,
      back.map((f) => ({
        articleId: f.articleId!,
        delta: 1,
        reason: 'inventory' as const,
        note: `found ${f.epc}`,
        source: { type: 'tag', id: f.tagId },
      })),
    );
    await tx.execute(
      sql`update tags set in_stock = true, updated_at = now()
          where tenant_id = ${t} and id = any(${sql`array[${sql.join(
            back.map((f) => sql`${f.tagId}::int`),
            sql`, `,
          )}]`})`,
    );
  }
  return found.map(({ back: _, ...f }) => f);
}

/** Marks found the tags of `epcs` (read by a reader or a handheld) that were suspected or lost. */
export const markFoundByEpc = async (
  tx: Tx,
  ctx: { tenantId: number; userId: number | null },
  epcs: readonly string[],
): Promise<TLostArticleFound[]> =>
  epcs.length
    ? markFound(
        tx,
        ctx,
        sql`exists (select 1 from tags x where x.id = l.tag_id and x.tenant_id = ${ctx.tenantId}
            and x.epc in (select value from ${jsonList(epcs)}))`,
      )
    : [];

/** Tags in stock that no reader has seen for the tenant's X days become suspected (cause "unseen"). */
async function suspectUnseen(tx: Tx, tenantId: number) {
  const { unseenDays } = await lostArticleSettings(tx, tenantId);
  await tx.execute(
    sql`insert into lost_articles (tenant_id, tag_id, status, cause)
        select ${tenantId}, t.id, 'suspected', 'unseen' from tags t
        where t.tenant_id = ${tenantId} and t.status = 'active' and t.in_stock and t.article_id is not null
          and coalesce(t.last_seen_at, t.created_at) < now() - make_interval(days => ${unseenDays}::int)
        on conflict (tenant_id, tag_id) do update set status = 'suspected', cause = 'unseen', suspected_at = now(),
          found_at = null, missed_inventories = 0
        where lost_articles.status = 'found'`,
  );
}

const COLUMNS = sql`l.tag_id as "tagId", t.epc, t.article_id as "articleId", a.reference, a.designation, l.status,
  l.cause, l.missed_inventories as "missedInventories", l.inventory_id as "inventoryId", i.number as "inventoryNumber",
  ${isoUtc(sql`t.last_seen_at`)} as "lastSeenAt", t.last_location as "lastLocation",
  ${isoUtc(sql`l.suspected_at`)} as "suspectedAt", ${isoUtc(sql`l.decided_at`)} as "decidedAt",
  ${isoUtc(sql`l.found_at`)} as "foundAt"`;
const FROM = (tenantId: number) => sql`from lost_articles l join tags t on t.id = l.tag_id and t.tenant_id = ${tenantId}
  left join articles a on a.id = t.article_id and a.tenant_id = ${tenantId}
  left join inventories i on i.id = l.inventory_id and i.tenant_id = ${tenantId}`;

async function readOne(tx: Tx, tenantId: number, tagId: number) {
  const [row] = await queryRows<TLostArticle>(
    tx,
    sql`select ${COLUMNS} ${FROM(tenantId)} where l.tenant_id = ${tenantId} and l.tag_id = ${tagId}`,
  );
  if (!row) throw notFound('lost article');
  return row;
}

/** Confirmed lost (from suspected: its unit written off, if it still counts in stock) or found (suspected, lost). */
async function decide(tx: Tx, ctx: { tenantId: number; userId: number | null }, tagId: number, to: 'lost' | 'found') {
  const before = await readOne(tx, ctx.tenantId, tagId);
  const allowed = to === 'lost' ? before.status === 'suspected' : before.status !== 'found';
  if (!allowed)
    throw conflict('invalid_transition', `A ${before.status} article cannot become ${to}`, undefined, {
      status: before.status,
    });
  if (to === 'found') await markFound(tx, ctx, sql`l.tag_id = ${tagId}`);
  else {
    const [tag] = await queryRows<{ articleId: number | null; inStock: boolean; quantity: number | null }>(
      tx,
      sql`select t.article_id as "articleId", t.in_stock as "inStock", a.quantity from tags t
          left join articles a on a.id = t.article_id and a.tenant_id = ${ctx.tenantId}
          where t.id = ${tagId} and t.tenant_id = ${ctx.tenantId} for update of t`,
    );
    const writeOff = Boolean(tag?.articleId && tag.inStock && (tag.quantity ?? 0) > 0);
    if (writeOff) {
      await moveStock(tx, ctx, [
        {
          articleId: tag!.articleId!,
          delta: -1,
          reason: 'inventory',
          note: `lost ${before.epc}`,
          source: { type: 'tag', id: tagId },
        },
      ]);
      await tx.execute(
        sql`update tags set in_stock = false, updated_at = now() where id = ${tagId} and tenant_id = ${ctx.tenantId}`,
      );
    }
    await tx.execute(
      sql`update lost_articles set status = 'lost', decided_at = now(), decided_by = ${ctx.userId}, written_off = ${writeOff}
          where tenant_id = ${ctx.tenantId} and tag_id = ${tagId}`,
    );
  }
  await logActivity(tx, {
    tenantId: ctx.tenantId,
    userId: ctx.userId,
    entity: 'lost_article',
    entityId: tagId,
    action: 'updated',
    summary: `${before.epc}${before.reference ? ` — ${before.reference}` : ''}`,
    changes: [{ field: 'status', from: before.status, to }],
  });
  return readOne(tx, ctx.tenantId, tagId);
}

export function lostArticlesRoutes(db: Db): FastifyPluginAsyncZod {
  const scoped = tenantScope(db);
  return async (app) => {
    const read = app.requirePermission('inventories.read');
    const write = app.requirePermission('inventories.write');
    const tags = ['lost articles'];
    app.get(
      '/lost-articles',
      { schema: { tags, querystring: ZLostArticlesQuery, response: { 200: listOf(ZLostArticle) } }, preHandler: read },
      (req) =>
        scoped(req.auth, async (tx, tenantId) => {
          await suspectUnseen(tx, tenantId);
          return paginate(
            tx,
            {
              columns: COLUMNS,
              from: FROM(tenantId),
              where: [sql`l.tenant_id = ${tenantId}`, sql`l.status = ${req.query.status}`],
              search: [sql`t.epc`, sql`a.reference`, sql`a.designation`],
              sort: {
                suspectedAt: sql`l.suspected_at`,
                lastSeenAt: sql`t.last_seen_at`,
                reference: sql`a.reference`,
                epc: sql`t.epc`,
              },
              defaultSort: 'suspectedAt:desc',
              tieBreaker: sql`l.tag_id desc`,
            },
            req.query,
          );
        }),
    );
    app.get(
      '/lost-articles/settings',
      { schema: { tags, response: { 200: ZLostArticleSettings } }, preHandler: read },
      (req) => scoped(req.auth, (tx, tenantId) => lostArticleSettings(tx, tenantId)),
    );
    app.put(
      '/lost-articles/settings',
      { schema: { tags, body: ZLostArticleSettings, response: { 200: ZLostArticleSettings } }, preHandler: write },
      (req) =>
        scoped(req.auth, async (tx, tenantId) => {
          const { missedInventories, unseenDays } = req.body;
          await tx.execute(
            sql`insert into inventory_settings (tenant_id, missed_inventories, unseen_days)
                values (${tenantId}, ${missedInventories}, ${unseenDays})
                on conflict (tenant_id) do update set missed_inventories = excluded.missed_inventories,
                  unseen_days = excluded.unseen_days, updated_at = now()`,
          );
          return lostArticleSettings(tx, tenantId);
        }),
    );
    app.post(
      '/lost-articles/:tagId/status',
      {
        schema: { tags, params: ZTagIdParams, body: ZLostArticleStatusChange, response: { 200: ZLostArticle } },
        preHandler: write,
      },
      (req) =>
        scoped(req.auth, (tx, tenantId) =>
          decide(tx, { tenantId, userId: req.auth.userId }, req.params.tagId, req.body.status),
        ),
    );
  };
}

/** Tells the tenant's screens that tags suspected or lost were seen again (after the commit that found them). */
export const notifyFound = (realtime: Pick<Realtime, 'notifyTenant'>, tenantId: number, found: TLostArticleFound[]) => {
  for (const f of found) realtime.notifyTenant(tenantId, SocketEvents.lostArticleFound, f);
};
