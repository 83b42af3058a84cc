import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOf, ZIdParams, ZListQuery, ZReportTriesLimit, ZTenant } from '@tagstock/contract';
import { withPlatform, type Db } from '../../db/client';
import { tenantsRepository } from './tenants.repository';

export const tenantsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['tenants'];
  app.get(
    '/tenants',
    {
      schema: { tags, querystring: ZListQuery, response: { 200: listOf(ZTenant) } },
      preHandler: app.requireSuperAdmin,
    },
    (request) => withPlatform(db, (tx) => tenantsRepository.list(tx, request.query)),
  );
  app.put(
    '/tenants/:id/report-tries',
    {
      schema: {
        tags,
        operationId: 'setTenantReportTries',
        summary: "Set a tenant's natural-language report questions per month",
        params: ZIdParams,
        body: ZReportTriesLimit,
        response: { 200: ZTenant },
      },
      preHandler: app.requireSuperAdmin,
    },
    (request) => withPlatform(db, (tx) => tenantsRepository.setReportTries(tx, request.params.id, request.body.limit)),
  );
};
