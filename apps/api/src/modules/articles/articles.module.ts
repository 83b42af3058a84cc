import { and, eq, sql } from 'drizzle-orm';
import {
  listOf,
  ZArticle,
  ZArticleCreate,
  ZArticleInput,
  ZArticleListQuery,
  ZIdParams,
  ZListQuery,
  ZStockChange,
  ZStockMovement,
  type TArticle,
  type TArticleCreate,
  type TArticleInput,
  type TArticleListQuery,
  type TListQuery,
  type TStockChange,
  type TStockMovement,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { registerUsage } from '../../platform/usages';
import { translateDbError } from '../../platform/db-errors';
import { badRequest, notFound } from '../../platform/errors';
import { priceWithTax } from '@tagstock/contract/money';
import { paginate } from '../../platform/pagination';
import { categories } from '../categories/categories.schema';
import { reasons } from '../reasons/reasons.schema';
import { suppliers } from '../suppliers/suppliers.schema';
import { articleImageRoutes } from './article-images';
import { articleLotRoutes } from './article-lots';
import { articles, stockMovements } from './articles.schema';
import { articleImportRoutes } from './articles.import';
import { articleListSpec } from './articles.repository';
import { moveStock } from '../stock/stock.service';

export function articlesModule(db: Db) {
  registerUsage(categories, { resource: 'articles', table: articles, column: articles.categoryId });
  registerUsage(suppliers, { resource: 'articles', table: articles, column: articles.supplierId });
  registerUsage(reasons, { resource: 'stockMovements', table: stockMovements, column: stockMovements.reasonId });
  const toValues = (input: TArticleInput) => {
    const { initialQuantity: _ignored, ...rest } = input as TArticleCreate;
    return { ...rest, priceTtc: priceWithTax(input.priceHt, input.vatRate) };
  };

  const service = createCrudService<TArticle, TArticleInput, TArticleCreate, TArticleListQuery>(db, {
    entity: 'article',
    table: articles,
    idColumn: sql`a.id`,
    list: articleListSpec,
    toValues,
    references: { categoryId: categories, supplierId: suppliers },
    logged: true,
    errors: {
      unique: { articles_tenant_reference_uq: 'reference' },
      inUse: 'This article is used by documents or tags and cannot be deleted',
    },
    afterCreate: async (tx, { tenantId, userId, id, input }) => {
      if (input.initialQuantity > 0)
        await moveStock(tx, { tenantId, userId }, [{ articleId: id, delta: input.initialQuantity, reason: 'opening' }]);
    },
  });

  async function changeStock(auth: AuthContext, id: number, body: TStockChange, direction: 1 | -1) {
    const tenantId = callerTenant(auth);
    return withTenant(db, tenantId, async (tx) => {
      const [reason] = await tx
        .select()
        .from(reasons)
        .where(and(eq(reasons.id, body.reasonId), eq(reasons.tenantId, tenantId)));
      const kind = direction > 0 ? 'increment' : 'decrement';
      if (!reason || (reason.kind !== 'both' && reason.kind !== kind)) {
        throw badRequest('invalid_reason', `This reason does not apply to a stock ${kind}`, [
          { field: 'reasonId', message: 'not applicable', code: 'invalid_choice' },
        ]);
      }
      await moveStock(tx, { tenantId, userId: auth.userId }, [
        { articleId: id, delta: direction * body.quantity, reason: 'manual', reasonId: reason.id, note: body.note },
      ]);
      return (await service.findOne(tx, tenantId, id))!;
    }).catch((err: unknown) => translateDbError(err, {}));
  }

  const movements = (auth: AuthContext, id: number, q: TListQuery) =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const [exists] = await queryRows(
        tx,
        sql`select 1 from articles where id = ${id} and tenant_id = ${callerTenant(auth)}`,
      );
      if (!exists) throw notFound('article');
      return paginate<TStockMovement>(
        tx,
        {
          columns: sql`m.id, m.delta, m.quantity_after as "quantityAfter", m.reason_code as "reasonCode",
            r.label as reason, m.note,
            m.source_type as "sourceType", m.source_id as "sourceId",
            u.name as "userName", ${isoUtc(sql`m.created_at`)} as "createdAt"`,
          from: sql`from stock_movements m
            left join reasons r on r.id = m.reason_id and r.tenant_id = m.tenant_id
            left join users u on u.id = m.user_id`,
          where: [sql`m.tenant_id = ${callerTenant(auth)}`, sql`m.article_id = ${id}`],
          search: [sql`r.label`, sql`m.note`],
          sort: { createdAt: sql`m.created_at` },
          defaultSort: 'createdAt:desc',
          tieBreaker: sql`m.id desc`,
        },
        q,
      );
    });

  const extraRoutes: FastifyPluginAsyncZod = async (app) => {
    const write = app.requirePermission('articles.write');
    const read = app.requirePermission('articles.read');
    const change = { tags: ['articles'], params: ZIdParams, body: ZStockChange, response: { 200: ZArticle } };
    app.post('/articles/:id/increment', { schema: change, preHandler: write }, (req) =>
      changeStock(req.auth, req.params.id, req.body, 1),
    );
    app.post('/articles/:id/decrement', { schema: change, preHandler: write }, (req) =>
      changeStock(req.auth, req.params.id, req.body, -1),
    );
    app.get(
      '/articles/:id/movements',
      {
        schema: {
          tags: ['articles'],
          params: ZIdParams,
          querystring: ZListQuery,
          response: { 200: listOf(ZStockMovement) },
        },
        preHandler: read,
      },
      (req) => movements(req.auth, req.params.id, req.query),
    );
  };

  const routes = [
    extraRoutes,
    articleImageRoutes(db, service.findOne),
    articleLotRoutes(db, service),
    articleImportRoutes(db),
    crudRoutes({
      path: '/articles',
      resource: 'articles',
      tag: 'articles',
      service,
      item: ZArticle,
      input: ZArticleInput,
      create: ZArticleCreate,
      query: ZArticleListQuery,
    }),
  ];
  return { service, routes };
}
