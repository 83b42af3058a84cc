import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOf, ZDocumentEvent, ZDocumentPicks, ZIdParams, ZOk } from '@tagstock/contract';
import { pdfRoute } from '../pdf/pdf-route';
import type { documentService } from './document-service';

type App = Parameters<FastifyPluginAsyncZod>[0];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyService = ReturnType<typeof documentService<any, any, any, any>>;

/**
 * A document type's routes under `path` (`/purchase-orders`): list, one, create, update and delete (when the
 * type takes input; delete when it has deletable statuses), status, picks (types with a `gate`), PDF and history — each behind the type's
 * read or write permission. Routes of the type's own (receipts…) are added by its module beside them.
 */
export function documentRoutes(app: App, path: string, tags: string[], service: AnyService) {
  const { type } = service;
  const { schemas } = type;
  const read = app.requirePermission(type.permissions.read);
  const write = app.requirePermission(type.permissions.write);
  const one = { tags, params: ZIdParams, response: { 200: schemas.full } };
  app.get(
    path,
    { schema: { tags, querystring: schemas.listQuery, response: { 200: listOf(schemas.summary) } }, preHandler: read },
    (req) => service.list(req.auth, req.query as never),
  );
  app.get(`${path}/:id`, { schema: one, preHandler: read }, (req) => service.get(req.auth, req.params.id));
  if (type.write) {
    app.post(path, { schema: { tags, body: type.input, response: { 200: schemas.full } }, preHandler: write }, (req) =>
      service.create(req.auth, req.body),
    );
    if (type.editable.length)
      app.put(`${path}/:id`, { schema: { ...one, body: type.input }, preHandler: write }, (req) =>
        service.update(req.auth, req.params.id, req.body),
      );
  }
  if (type.deletable?.length)
    app.delete(
      `${path}/:id`,
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: write },
      (req) => service.remove(req.auth, req.params.id),
    );
  app.post(`${path}/:id/status`, { schema: { ...one, body: schemas.statusChange }, preHandler: write }, (req) =>
    service.setStatus(req.auth, req.params.id, req.body.status, req.body.note, req.body),
  );
  if (type.gate && schemas.picked)
    app.post(
      `${path}/:id/picks`,
      {
        schema: { tags, params: ZIdParams, body: ZDocumentPicks, response: { 200: schemas.picked } },
        preHandler: write,
      },
      (req) => service.pick(req.auth, req.params.id, req.body.epcs),
    );
  pdfRoute(app, `${path}/:id/pdf`, { tags, preHandler: read }, (req, id, language) =>
    service.pdf(req.auth, id, language),
  );
  app.get(
    `${path}/:id/history`,
    { schema: { tags, params: ZIdParams, response: { 200: z.array(ZDocumentEvent) } }, preHandler: read },
    (req) => service.history(req.auth, req.params.id),
  );
}

/**
 * The platform's routes of a document type (super admin, every tenant): list, one, status and PDF under
 * `path` (`/platform/platform-orders`), behind `preHandler` (the super-admin check), with the type's `platformSchemas`.
 */
export function platformDocumentRoutes(
  app: App,
  path: string,
  tags: string[],
  service: AnyService,
  preHandler: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[],
) {
  const schemas = { ...service.type.platformSchemas!, statusChange: service.type.schemas.statusChange };
  const one = { tags, params: ZIdParams, response: { 200: schemas.full } };
  app.get(
    path,
    { schema: { tags, querystring: schemas.listQuery, response: { 200: listOf(schemas.summary) } }, preHandler },
    (req) => service.platformList(req.query as never),
  );
  app.get(`${path}/:id`, { schema: one, preHandler }, (req) => service.platformGet(req.params.id));
  pdfRoute(app, `${path}/:id/pdf`, { tags, preHandler }, (_req, id, language) => service.platformPdf(id, language));
  app.post(`${path}/:id/status`, { schema: { ...one, body: schemas.statusChange }, preHandler }, (req) =>
    service.platformSetStatus(req.auth, req.params.id, req.body.status, req.body.note),
  );
}
