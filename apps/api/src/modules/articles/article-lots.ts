import { sql } from 'drizzle-orm';
import {
  listOf,
  ZIdParams,
  ZListQuery,
  ZLot,
  ZLotInput,
  ZOk,
  type TListQuery,
  type TLot,
  type TLotInput,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import type { AuthContext } from '../../platform/auth';
import { createCrudService } from '../../platform/crud';
import { articleLots, articles } from './articles.schema';

type LotCreate = TLotInput & { articleId: number };
type LotQuery = TListQuery & { articleId?: number };

/** Lots with an expiry date (DLC), listed by nearest expiry; nested under their article for creation. */
export function articleLotRoutes(
  db: Db,
  articlesService: { get(auth: AuthContext, id: number): Promise<unknown> },
): FastifyPluginAsyncZod {
  const service = createCrudService<TLot, TLotInput, LotCreate, LotQuery>(db, {
    entity: 'lot',
    table: articleLots,
    idColumn: sql`l.id`,
    list: (tenantId, q) => ({
      columns: sql`l.id, l.article_id as "articleId", a.reference, a.designation, l.lot_number as "lotNumber", l.quantity,
        l.expiry_date::text as "expiryDate", (l.expiry_date - current_date)::int as "daysLeft",
        ${isoUtc(sql`l.created_at`)} as "createdAt", ${isoUtc(sql`l.updated_at`)} as "updatedAt"`,
      from: sql`from article_lots l join articles a on a.id = l.article_id`,
      where: [sql`l.tenant_id = ${tenantId}`, ...(q.articleId ? [sql`l.article_id = ${q.articleId}`] : [])],
      search: [sql`a.reference`, sql`a.designation`, sql`l.lot_number`],
      sort: {
        expiryDate: sql`l.expiry_date`,
        quantity: sql`l.quantity`,
        lotNumber: sql`l.lot_number`,
        reference: sql`a.reference`,
      },
      defaultSort: 'expiryDate:asc',
      tieBreaker: sql`l.id`,
    }),
    toValues: (input) => input,
    references: { articleId: articles },
    errors: { unique: { article_lots_article_lot_uq: 'lotNumber' } },
  });

  return async (app) => {
    const read = app.requirePermission('articles.read');
    const write = app.requirePermission('articles.write');
    const tags = ['articles'];
    app.get(
      '/lots',
      { schema: { tags, querystring: ZListQuery, response: { 200: listOf(ZLot) } }, preHandler: read },
      (req) => service.list(req.auth, req.query),
    );
    app.get(
      '/articles/:id/lots',
      {
        schema: { tags, params: ZIdParams, querystring: ZListQuery, response: { 200: listOf(ZLot) } },
        preHandler: read,
      },
      async (req) => {
        // 404 for an article the caller cannot see, not an empty list.
        await articlesService.get(req.auth, req.params.id);
        return service.list(req.auth, { ...req.query, articleId: req.params.id });
      },
    );
    app.post(
      '/articles/:id/lots',
      { schema: { tags, params: ZIdParams, body: ZLotInput, response: { 200: ZLot } }, preHandler: write },
      async (req) => {
        await articlesService.get(req.auth, req.params.id);
        return service.create(req.auth, { ...req.body, articleId: req.params.id });
      },
    );
    app.put(
      '/lots/:id',
      { schema: { tags, params: ZIdParams, body: ZLotInput, response: { 200: ZLot } }, preHandler: write },
      (req) => service.update(req.auth, req.params.id, req.body),
    );
    app.delete(
      '/lots/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: write },
      async (req) => {
        await service.remove(req.auth, req.params.id);
        return { ok: true as const };
      },
    );
  };
}
