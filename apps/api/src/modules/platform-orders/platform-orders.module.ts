import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listOf,
  ZEpcRegistration,
  ZIdParams,
  ZOk,
  ZPlatformOrderAdmin,
  ZPlatformProduct,
  ZPlatformProductInput,
  ZPlatformProductListQuery,
  ZPlatformTagFamily,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import { documentRoutes, platformDocumentRoutes } from '../../platform/documents/document-routes';
import { platformOrdersService } from './platform-orders.service';
import { platformProductsService } from './platform-products';

/** Orders to the platform (BDC RB, SPEC `bonDeCommandeRb`, `allBondeCommandeRb`): tenants' side and platform's. */
export function platformOrdersModule(db: Db) {
  const service = platformOrdersService(db);
  const products = platformProductsService(db);

  const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('platformOrders.read');
    const tags = ['platform orders'];
    documentRoutes(app, '/platform-orders', tags, service);
    app.get(
      '/platform-products',
      {
        schema: { tags, querystring: ZPlatformProductListQuery, response: { 200: listOf(ZPlatformProduct) } },
        preHandler: read,
      },
      (req) => products.tenantList(req.auth, req.query),
    );
  };

  const platformRoutes: FastifyPluginAsyncZod = async (app) => {
    const su = app.requireSuperAdmin;
    const tags = ['platform'];
    const oneOrder = { tags, params: ZIdParams, response: { 200: ZPlatformOrderAdmin } };
    const oneProduct = { tags, params: ZIdParams, response: { 200: ZPlatformProduct } };
    platformDocumentRoutes(app, '/platform/platform-orders', tags, service, su);
    app.post(
      '/platform/platform-orders/:id/epcs',
      { schema: { ...oneOrder, body: ZEpcRegistration }, preHandler: su },
      (req) => service.registerEpcs(req.auth, req.params.id, req.body),
    );
    app.get(
      '/platform/tenants/:id/tag-families',
      { schema: { tags, params: ZIdParams, response: { 200: z.array(ZPlatformTagFamily) } }, preHandler: su },
      (req) => service.tenantFamilies(req.params.id),
    );
    app.get(
      '/platform/platform-products',
      {
        schema: { tags, querystring: ZPlatformProductListQuery, response: { 200: listOf(ZPlatformProduct) } },
        preHandler: su,
      },
      (req) => products.list(req.query),
    );
    app.get('/platform/platform-products/:id', { schema: oneProduct, preHandler: su }, (req) =>
      products.get(req.params.id),
    );
    app.post(
      '/platform/platform-products',
      { schema: { tags, body: ZPlatformProductInput, response: { 200: ZPlatformProduct } }, preHandler: su },
      (req) => products.create(req.body),
    );
    app.put(
      '/platform/platform-products/:id',
      { schema: { ...oneProduct, body: ZPlatformProductInput }, preHandler: su },
      (req) => products.update(req.params.id, req.body),
    );
    app.delete(
      '/platform/platform-products/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: su },
      (req) => products.remove(req.params.id),
    );
  };

  return { service, routes: [tenantRoutes, platformRoutes] };
}
