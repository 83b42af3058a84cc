import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listOf,
  ZAllocationInput,
  ZRefundInput,
  ZConvertBody,
  ZConvertResult,
  ZIdParams,
  ZInvoicePayment,
  ZInvoicePaymentInput,
  ZPayment,
  ZPaymentInput,
  ZPaymentListQuery,
  type TInvoiceInput,
} from '@tagstock/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/auth';
import { documentRoutes } from '../../platform/documents/document-routes';
import { documentService } from '../../platform/documents/document-service';
import { creditNoteType } from './credit-notes';
import { invoiceType } from './invoices';
import { invoicingDashboardRoutes } from './invoicing-dashboard';
import { registerInvoicingUsages } from './invoicing.usages';
import { paymentsService } from './payments';
import { proformaType } from './proformas';
import {
  applyReservationChoice,
  transferReservations,
  withAvailabilityCheck,
  type ReservationChoice,
} from '../reservations/reservations.service';

/**
 * A draft invoice with the proforma's customer, lines, discount and notes, linked to it; once only (409). The
 * proforma's reservations follow it into the invoice; lines beyond what is available then ask for confirmation
 * (409 `insufficient_available`) unless `choice` confirms or reserves what is available, as at an invoice's creation.
 */
export const convertProforma = (db: Db, auth: AuthContext, id: number, choice: ReservationChoice = {}) => {
  const proformas = documentService(db, proformaType);
  const invoices = documentService(db, invoiceType);
  return proformas.inTenant(auth, async (ctx) => {
    await proformas.lockFor(ctx.tx, ctx.tenantId, id, 'convert');
    const proforma = await proformas.read(ctx.tx, ctx.tenantId, id);
    const input: TInvoiceInput = {
      customerId: proforma.customerId,
      invoiceDate: proforma.proformaDate,
      discount: proforma.discount,
      notes: proforma.notes,
      lines: proforma.lines.map((l) => ({
        articleId: l.articleId!,
        designation: l.designation,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        vatRate: l.vatRate,
        vatCategory: l.vatCategory,
        vatExemption: l.vatExemption,
      })),
    };
    const invoice = await invoices.insert(ctx, invoiceType.input.parse(input), { proforma_id: id });
    await transferReservations(ctx.tx, ctx.tenantId, { type: 'proforma', id }, { type: 'invoice', id: invoice.id });
    await applyReservationChoice(ctx, 'invoice', invoice, choice);
    await proformas.markStatus(ctx, proforma, 'converted', 'converted', [
      { field: 'invoiceId', from: null, to: invoice.id },
    ]);
    return { invoiceId: invoice.id };
  });
};

/** Sales documents (SPEC state groups `invoice`, `avoir`): proformas, invoices, credit notes and payments. */
export function invoicingModule(db: Db) {
  registerInvoicingUsages();
  const proformas = documentService(db, proformaType);
  // Lines beyond what is available ask for confirmation, or reserve what is available (SPEC §5).
  const invoices = withAvailabilityCheck(documentService(db, invoiceType), 'invoice');
  const creditNotes = documentService(db, creditNoteType);
  const payments = paymentsService(db);

  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('invoices.read');
    const write = app.requirePermission('invoices.write');
    const params = ZIdParams;

    documentRoutes(app, '/proformas', ['proformas'], proformas);
    app.post(
      '/proformas/:id/convert',
      {
        schema: { tags: ['proformas'], params, body: ZConvertBody, response: { 200: ZConvertResult } },
        preHandler: write,
      },
      (req) => convertProforma(db, req.auth, req.params.id, req.body ?? {}),
    );

    const tags = ['invoices'];
    documentRoutes(app, '/invoices', tags, invoices);
    app.get(
      '/invoices/:id/payments',
      { schema: { tags, params, response: { 200: z.array(ZInvoicePayment) } }, preHandler: read },
      (req) => payments.ofInvoice(req.auth, req.params.id),
    );
    app.post(
      '/invoices/:id/payments',
      {
        schema: { tags, params, body: ZInvoicePaymentInput, response: { 200: z.array(ZInvoicePayment) } },
        preHandler: write,
      },
      (req) => payments.payInvoice(req.auth, req.params.id, req.body),
    );

    documentRoutes(app, '/credit-notes', ['credit notes'], creditNotes);

    for (const [path, service, tag] of [
      ['/invoices', invoices, 'invoices'],
      ['/credit-notes', creditNotes, 'credit notes'],
    ] as const)
      app.get(
        `${path}/:id/facturx.xml`,
        { schema: { tags: [tag], params, produces: ['application/xml'] }, preHandler: read },
        async (req, reply) => {
          const { number, xml } = await service.einvoice(req.auth, req.params.id);
          return reply
            .type('application/xml; charset=utf-8')
            .header('content-disposition', `attachment; filename="${number}-factur-x.xml"`)
            .send(xml);
        },
      );

    const paymentTags = ['payments'];
    app.get(
      '/payments',
      {
        schema: { tags: paymentTags, querystring: ZPaymentListQuery, response: { 200: listOf(ZPayment) } },
        preHandler: read,
      },
      (req) => payments.list(req.auth, req.query),
    );
    app.get(
      '/payments/:id',
      { schema: { tags: paymentTags, params, response: { 200: ZPayment } }, preHandler: read },
      (req) => payments.get(req.auth, req.params.id),
    );
    app.post(
      '/payments',
      { schema: { tags: paymentTags, body: ZPaymentInput, response: { 200: ZPayment } }, preHandler: write },
      (req) => payments.create(req.auth, req.body),
    );
    app.post(
      '/payments/:id/allocations',
      { schema: { tags: paymentTags, params, body: ZAllocationInput, response: { 200: ZPayment } }, preHandler: write },
      (req) => payments.allocate(req.auth, req.params.id, req.body),
    );
    app.post(
      '/payments/:id/refunds',
      { schema: { tags: paymentTags, params, body: ZRefundInput, response: { 200: ZPayment } }, preHandler: write },
      (req) => payments.refund(req.auth, req.params.id, req.body),
    );
  };
  return {
    proformas,
    invoices,
    creditNotes,
    payments,
    keptPdfs: [invoices, creditNotes],
    routes: [routes, invoicingDashboardRoutes(db)],
  };
}
