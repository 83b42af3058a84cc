import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listOf,
  ZArticleOnOrder,
  ZDocumentEvent,
  ZIdParams,
  ZPurchaseOrder,
  ZPurchaseOrderInput,
  ZPurchaseOrderListQuery,
  ZPurchaseOrderStatusChange,
  ZPurchaseOrderSummary,
  ZReceipt,
  ZReceiptInput,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import { pdfRoute } from '../../platform/pdf/pdf-route';
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

    app.get(
      '/purchase-orders',
      {
        schema: { tags, querystring: ZPurchaseOrderListQuery, response: { 200: listOf(ZPurchaseOrderSummary) } },
        preHandler: read,
      },
      (req) => service.list(req.auth, req.query),
    );
    app.get('/purchase-orders/:id', { schema: one, preHandler: read }, (req) => service.get(req.auth, req.params.id));
    app.post(
      '/purchase-orders',
      { schema: { tags, body: ZPurchaseOrderInput, response: { 200: ZPurchaseOrder } }, preHandler: write },
      (req) => service.create(req.auth, req.body),
    );
    app.put('/purchase-orders/:id', { schema: { ...one, body: ZPurchaseOrderInput }, preHandler: write }, (req) =>
      service.update(req.auth, req.params.id, req.body),
    );
    app.post(
      '/purchase-orders/:id/status',
      { schema: { ...one, body: ZPurchaseOrderStatusChange }, preHandler: write },
      (req) => service.setStatus(req.auth, req.params.id, req.body.status, req.body.note),
    );
    app.post('/purchase-orders/:id/receipts', { schema: { ...one, body: ZReceiptInput }, preHandler: write }, (req) =>
      service.receive(req.auth, req.params.id, req.body),
    );
    app.get(
      '/purchase-orders/:id/receipts',
      { schema: { tags, params: ZIdParams, response: { 200: z.array(ZReceipt) } }, preHandler: read },
      (req) => service.receipts(req.auth, req.params.id),
    );
    pdfRoute(app, '/purchase-orders/:id/pdf', { tags, preHandler: read }, (req, id, language) =>
      service.pdf(req.auth, id, language),
    );
    app.get(
      '/purchase-orders/:id/history',
      { schema: { tags, params: ZIdParams, response: { 200: z.array(ZDocumentEvent) } }, preHandler: read },
      (req) => service.history(req.auth, req.params.id),
    );
    app.get(
      '/articles/:id/on-order',
      { schema: { tags: ['articles'], params: ZIdParams, response: { 200: ZArticleOnOrder } }, preHandler: read },
      (req) => service.onOrder(req.auth, req.params.id),
    );
  };
  return { service, routes: [routes, purchaseDashboardRoutes(db)] };
}
