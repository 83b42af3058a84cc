import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOf, ZListQuery, ZTenant } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { tenantsRepository } from './tenants.repository';

export const tenantsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/tenants',
    {
      schema: { tags: ['tenants'], querystring: ZListQuery, response: { 200: listOf(ZTenant) } },
      preHandler: app.requireSuperAdmin,
    },
    (request) => tenantsRepository.list(db, request.query),
  );
};
