import { sql } from 'drizzle-orm';
import { z } from 'zod';
import * as C from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Db } from '../../db/client';
import { isoUtc, jsonRows } from '../../db/sql-fragments';
import { documentRoutes } from '../../platform/documents/document-routes';
import { documentService } from '../../platform/documents/document-service';
import type { AuthContext } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { sendFile, sheetLang } from '../../platform/import-export';
import { paginate } from '../../platform/pagination';
import { exportStream, type SheetColumn } from '../../platform/spreadsheet';
import { gaps, inventoryWidgets } from './gaps';
import { inventoryType, lineColumns, lineFrom, refreshStarted } from './inventories.service';
import { lostArticlesRoutes } from './lost-articles';
import { recomputeLines } from './reconcile';

const GAP_FILTER = { all: sql``, missing: sql` and l.gap < 0`, surplus: sql` and l.gap > 0` };
const TAG_STATE = {
  found: sql`it.expected and it.seen_at is not null`,
  missing: sql`it.expected and it.seen_at is null`,
  unexpected: sql`not it.expected and it.article_id is not null`,
  unknown: sql`it.article_id is null`,
};

const EXPORT_COLUMNS: SheetColumn[] = [
  { key: 'reference', type: 'text', header: { fr: 'Référence', en: 'Reference' } },
  { key: 'designation', type: 'text', header: { fr: 'Désignation', en: 'Designation' }, width: 36 },
  { key: 'categoryName', type: 'text', header: { fr: 'Catégorie', en: 'Category' } },
  { key: 'theoretical', type: 'integer', header: { fr: 'Théorique', en: 'Theoretical' } },
  { key: 'counted', type: 'integer', header: { fr: 'Compté', en: 'Counted' } },
  { key: 'gap', type: 'integer', header: { fr: 'Écart', en: 'Gap' } },
  { key: 'unitCost', type: 'money', header: { fr: 'Coût unitaire', en: 'Unit cost' } },
  { key: 'gapValue', type: 'money', header: { fr: 'Écart en valeur', en: 'Gap value' } },
  { key: 'tagsFound', type: 'integer', header: { fr: 'Étiquettes trouvées', en: 'Tags found' } },
  { key: 'tagsMissing', type: 'integer', header: { fr: 'Étiquettes manquantes', en: 'Tags missing' } },
  { key: 'tagsUnexpected', type: 'integer', header: { fr: 'Étiquettes inattendues', en: 'Unexpected tags' } },
  { key: 'manual', type: 'integer', header: { fr: 'Comptage manuel', en: 'Manual count' } },
];
const EXPORT_PAGE = 1000;

/**
 * Inventories: the kit's routes, the lines and tags of the count, manual counts and rescans, the XLSX export; the
 * gaps, the lost articles and the inventory widgets beside them.
 */
export function inventoriesModule(db: Db) {
  const service = documentService(db, inventoryType);
  const lines = (tenantId: number, id: number, gap: keyof typeof GAP_FILTER) => ({
    columns: lineColumns,
    from: lineFrom(tenantId),
    where: [sql`l.inventory_id = ${id} and l.tenant_id = ${tenantId}${GAP_FILTER[gap]}`],
    search: [sql`a.reference`, sql`a.designation`],
    sort: {
      reference: sql`a.reference`,
      designation: sql`a.designation`,
      theoretical: sql`l.theoretical`,
      counted: sql`l.counted`,
      gap: sql`l.gap`,
      gapValue: sql`l.gap_value`,
    },
    defaultSort: 'reference:asc' as const,
    tieBreaker: sql`l.article_id`,
  });

  /** Manual counts of untagged items: each replaces the article's count (null clears it); at a location, an article
   * not expected there gets its line. */
  const count = (auth: AuthContext, id: number, body: z.output<typeof C.ZInventoryCounts>) =>
    service.inTenant(auth, async ({ tx, tenantId }) => {
      const inv = await service.lockFor(tx, tenantId, id, 'count');
      const counts = [...new Map(body.lines.map((l) => [l.articleId, l.quantity])).entries()].map(
        ([article_id, manual]) => ({ article_id, manual }),
      );
      if (inv.scopeKind === 'location')
        await tx.execute(
          sql`insert into inventory_lines (tenant_id, inventory_id, article_id, unit_cost, theoretical)
                  select ${tenantId}, ${inv.id}, a.id, coalesce(a.unit_price, a.price_ht), 0
                  from ${jsonRows(counts)} as v(article_id int, manual int)
                  join articles a on a.id = v.article_id and a.tenant_id = ${tenantId}
                  on conflict (inventory_id, article_id) do nothing`,
        );
      const updated = await queryRows<{ articleId: number }>(
        tx,
        sql`update inventory_lines l set manual = v.manual from ${jsonRows(counts)} as v(article_id int, manual int)
                where l.inventory_id = ${inv.id} and l.tenant_id = ${tenantId} and l.article_id = v.article_id
                returning l.article_id as "articleId"`,
      );
      const counted = new Set(updated.map((u) => u.articleId));
      if (counted.size !== counts.length)
        throw badRequest(
          'unknown_reference',
          'Some articles are not in this inventory',
          body.lines.flatMap((l, i) =>
            counted.has(l.articleId)
              ? []
              : [{ field: `lines.${i}.articleId`, message: 'not in this inventory', code: 'not_found' }],
          ),
        );
      await recomputeLines(tx, inv, [...counted]);
      return service.read(tx, tenantId, inv.id);
    });

  const routes: FastifyPluginAsyncZod = async (app) => {
    documentRoutes(app, '/inventories', ['inventories'], service);
    const read = app.requirePermission('inventories.read');
    const write = app.requirePermission('inventories.write');
    const tags = ['inventories'];
    const params = C.ZIdParams;

    app.get(
      '/inventories/:id/lines',
      {
        schema: { tags, params, querystring: C.ZInventoryLinesQuery, response: { 200: C.listOf(C.ZInventoryLine) } },
        preHandler: read,
      },
      (req) =>
        service.inTenant(req.auth, async ({ tx, tenantId }) => {
          await service.assertExists(tx, tenantId, req.params.id);
          await refreshStarted(tx, tenantId, req.params.id);
          return paginate(tx, lines(tenantId, req.params.id, req.query.gap), req.query);
        }),
    );

    app.get(
      '/inventories/:id/tags',
      {
        schema: { tags, params, querystring: C.ZInventoryTagsQuery, response: { 200: C.listOf(C.ZInventoryTag) } },
        preHandler: read,
      },
      (req) =>
        service.inTenant(req.auth, async ({ tx, tenantId }) => {
          await service.assertExists(tx, tenantId, req.params.id);
          const { articleId, state } = req.query;
          const stateOf = sql`case when ${TAG_STATE.found} then 'found' when ${TAG_STATE.missing} then 'missing'
            when ${TAG_STATE.unexpected} then 'unexpected' else 'unknown' end`;
          return paginate(
            tx,
            {
              columns: sql`it.epc, it.tag_id as "tagId", ${stateOf} as state, it.expected_location as "expectedLocation",
                it.seen_location as "seenLocation", ${isoUtc(sql`it.seen_at`)} as "seenAt"`,
              from: sql`from inventory_tags it`,
              where: [
                sql`it.inventory_id = ${req.params.id} and it.tenant_id = ${tenantId}`,
                ...(articleId ? [sql`it.article_id = ${articleId}`] : []),
                ...(state ? [TAG_STATE[state]] : []),
              ],
              search: [sql`it.epc`],
              sort: { epc: sql`it.epc`, seenAt: sql`it.seen_at` },
              defaultSort: 'epc:asc',
              tieBreaker: sql`it.epc`,
            },
            req.query,
          );
        }),
    );

    app.post(
      '/inventories/:id/counts',
      { schema: { tags, params, body: C.ZInventoryCounts, response: { 200: C.ZInventory } }, preHandler: write },
      (req) => count(req.auth, req.params.id, req.body),
    );

    // Rescanning a line: its tags' sightings so far no longer count; the reads from now on do.
    app.post(
      '/inventories/:id/lines/:articleId/rescan',
      {
        schema: {
          tags,
          params: z.strictObject({ id: C.ZIdParams.shape.id, articleId: C.ZIdParams.shape.id }),
          response: { 200: C.ZInventoryLine },
        },
        preHandler: write,
      },
      (req) =>
        service.inTenant(req.auth, async ({ tx, tenantId }) => {
          const inv = await service.lockFor(tx, tenantId, req.params.id, 'count');
          const { articleId } = req.params;
          const [line] = await queryRows(
            tx,
            sql`update inventory_lines set rescanned_at = now()
                where inventory_id = ${inv.id} and tenant_id = ${tenantId} and article_id = ${articleId} returning id`,
          );
          if (!line) throw notFound('inventory line');
          await tx.execute(
            sql`delete from inventory_tags where inventory_id = ${inv.id} and tenant_id = ${tenantId}
                and article_id = ${articleId} and not expected`,
          );
          await tx.execute(
            sql`update inventory_tags set seen_at = null, seen_location = null
                where inventory_id = ${inv.id} and tenant_id = ${tenantId} and article_id = ${articleId}`,
          );
          await recomputeLines(tx, inv, [articleId]);
          const [row] = await queryRows<C.TInventoryLine>(
            tx,
            sql`select ${lineColumns} ${lineFrom(tenantId)}
                where l.inventory_id = ${inv.id} and l.tenant_id = ${tenantId} and l.article_id = ${articleId}`,
          );
          return row!;
        }),
    );

    app.get(
      '/inventories/:id/export',
      {
        schema: {
          tags,
          params,
          querystring: z.strictObject({
            format: z.literal('xlsx').default('xlsx'),
            lang: z.enum(['fr', 'en']).optional(),
          }),
        },
        preHandler: read,
      },
      async (req, reply) => {
        const { id } = req.params;
        // Read (a started inventory brought up to date) before its lines are exported.
        const { number } = await service.get(req.auth, id);
        const auth = req.auth;
        async function* pages() {
          for (let page = 1; ; page++) {
            const list = await service.inTenant(auth, ({ tx, tenantId }) =>
              paginate<Record<string, unknown>>(tx, lines(tenantId, id, 'all'), { page, limit: EXPORT_PAGE }),
            );
            yield list.items;
            if (page * EXPORT_PAGE >= list.total) return;
          }
        }
        const stream = exportStream('xlsx', EXPORT_COLUMNS, pages(), sheetLang(req, req.query.lang));
        stream.on('error', (err) => req.log.error({ err }, 'inventory export failed'));
        return sendFile(reply, 'xlsx', number ?? `inventory-${id}`, stream);
      },
    );

    app.get(
      '/gaps',
      { schema: { tags: ['gaps'], querystring: C.ZGapsQuery, response: { 200: C.ZGaps } }, preHandler: read },
      (req) => service.inTenant(req.auth, ({ tx, tenantId }) => gaps(tx, tenantId, req.query)),
    );

    await app.register(lostArticlesRoutes(db));
    await app.register(inventoryWidgets(db));
  };
  return { service, routes, count };
}
