import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listOf,
  RECEIVED_INVOICE_MAX_BYTES,
  ZIdParams,
  ZReceivedInvoice,
  ZReceivedInvoiceListQuery,
  ZReceivedInvoiceSummary,
  ZReceivedInvoiceUploadQuery,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import { extractFacturXXml } from '../../platform/facturx/extract';
import { validateCii } from '../../platform/facturx/validate';
import { readUpload } from '../../platform/uploads';
import { registerUsage } from '../../platform/usages';
import { purchaseOrders } from '../purchasing/purchasing.schema';
import { suppliers } from '../suppliers/suppliers.schema';
import { receivedInvoices } from './received-invoices.schema';
import { createReceivedInvoicesService, type EinvoiceTools } from './received-invoices.service';

/** The platform's Factur-X code: the official checks, and the XML of a PDF. */
export const facturxTools: EinvoiceTools = {
  validate: (xml) => validateCii(xml),
  extract: (pdf) => extractFacturXXml(pdf),
};

/**
 * Supplier invoices received as Factur-X PDFs or CII XML (`/received-invoices`): records, never edited or deleted;
 * the one change is linking an unmatched one to its supplier.
 */
export function receivedInvoicesModule(db: Db, tools: EinvoiceTools = facturxTools) {
  const service = createReceivedInvoicesService(db, tools);
  registerUsage(suppliers, {
    resource: 'received_invoices',
    table: receivedInvoices,
    column: receivedInvoices.supplierId,
  });
  registerUsage(purchaseOrders, {
    resource: 'received_invoices',
    table: receivedInvoices,
    column: receivedInvoices.purchaseOrderId,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('receivedInvoices.read');
    const write = app.requirePermission('receivedInvoices.write');
    const tags = ['receivedInvoices'];
    const path = '/received-invoices';

    app.get(
      path,
      {
        schema: { tags, querystring: ZReceivedInvoiceListQuery, response: { 200: listOf(ZReceivedInvoiceSummary) } },
        preHandler: read,
      },
      (req) => service.list(req.auth, req.query),
    );
    app.get(
      `${path}/:id`,
      { schema: { tags, params: ZIdParams, response: { 200: ZReceivedInvoice } }, preHandler: read },
      (req) => service.get(req.auth, req.params.id),
    );
    app.get(`${path}/:id/file`, { schema: { tags, params: ZIdParams }, preHandler: read }, async (req, reply) => {
      const file = await service.file(req.auth, req.params.id);
      const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(file.type)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    });
    app.post(
      path,
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: ZReceivedInvoiceUploadQuery,
          response: { 200: ZReceivedInvoice },
        },
        preHandler: write,
      },
      async (req) =>
        service.receive(req.auth, await readUpload(req, { maxBytes: RECEIVED_INVOICE_MAX_BYTES }), {
          confirmBuyer: req.query.confirmBuyer === 'true',
        }),
    );
    app.post(
      `${path}/:id/supplier`,
      { schema: { tags, params: ZIdParams, response: { 200: ZReceivedInvoice } }, preHandler: write },
      (req) => service.linkSupplier(req.auth, req.params.id),
    );
  };
  return { service, routes };
}
