import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOf, ZListQuery, ZTenant } from '@tagstock/contract';
import { withPlatform, type Db } from '../../db/client';
import { tenantsRepository } from './tenants.repository';

export const tenantsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/tenants',
    {
      schema: { tags: ['tenants'], querystring: ZListQuery, response: { 200: listOf(ZTenant) } },
      preHandler: app.requireSuperAdmin,
    },
    (request) => withPlatform(db, (tx) => tenantsRepository.list(tx, request.query)),
  );
};
