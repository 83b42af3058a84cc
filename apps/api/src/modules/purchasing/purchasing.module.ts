import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZArticleOnOrder, ZIdParams, ZPurchaseOrder, ZReceipt, ZReceiptInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { documentRoutes } from '../../platform/documents/document-routes';
import { purchaseDashboardRoutes } from './purchasing-dashboard';
import { purchasingService } from './purchasing.service';
import { registerPurchasingUsages } from './purchasing.usages';

/** Purchase orders (BDC, SPEC state group `bdc`): the first document on the pattern of DESIGN §4b. */
export function purchasingModule(db: Db) {
  registerPurchasingUsages();
  const service = purchasingService(db);
  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('purchaseOrders.read');
    const write = app.requirePermission('purchaseOrders.write');
    const tags = ['purchase orders'];
    const one = { tags, params: ZIdParams, response: { 200: ZPurchaseOrder } };

    documentRoutes(app, '/purchase-orders', tags, service);
    app.post('/purchase-orders/:id/receipts', { schema: { ...one, body: ZReceiptInput }, preHandler: write }, (req) =>
      service.receive(req.auth, req.params.id, req.body),
    );
    app.get(
      '/purchase-orders/:id/receipts',
      { schema: { tags, params: ZIdParams, response: { 200: z.array(ZReceipt) } }, preHandler: read },
      (req) => service.receipts(req.auth, req.params.id),
    );
    app.get(
      '/articles/:id/on-order',
      { schema: { tags: ['articles'], params: ZIdParams, response: { 200: ZArticleOnOrder } }, preHandler: read },
      (req) => service.onOrder(req.auth, req.params.id),
    );
  };
  return { service, routes: [routes, purchaseDashboardRoutes(db)] };
}
