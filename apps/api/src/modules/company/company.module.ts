import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCompanySettings, ZCompanySettingsInput } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { readUpload } from '../../platform/uploads';
import { createCompanyService } from './company.service';

/** The tenant's company identity (DESIGN §4b): one record, its logo, read and written by the tenant's admins. */
export function companyModule(db: Db) {
  const service = createCompanyService(db);
  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('company.read');
    const write = app.requirePermission('company.write');
    const tags = ['company'];

    app.get('/company', { schema: { tags, response: { 200: ZCompanySettings } }, preHandler: read }, (req) =>
      service.get(req.auth),
    );
    app.put(
      '/company',
      { schema: { tags, body: ZCompanySettingsInput, response: { 200: ZCompanySettings } }, preHandler: write },
      (req) => service.save(req.auth, req.body),
    );
    app.put(
      '/company/logo',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZCompanySettings } }, preHandler: write },
      async (req) => service.setLogo(req.auth, (await readUpload(req)).data),
    );
    app.get('/company/logo', { schema: { tags }, preHandler: read }, async (req, reply) => {
      const logo = await service.getLogo(req.auth);
      return reply
        .type(logo.mimeType)
        .header('cache-control', 'private, max-age=60')
        .header('x-content-type-options', 'nosniff')
        .send(logo.data);
    });
    app.delete('/company/logo', { schema: { tags, response: { 200: ZCompanySettings } }, preHandler: write }, (req) =>
      service.removeLogo(req.auth),
    );
  };
  return { service, routes };
}
