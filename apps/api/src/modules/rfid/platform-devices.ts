import {
  listOf,
  ZPlatformListQuery,
  ZPlatformReader,
  ZPlatformTerminal,
  type TPlatformReader,
  type TPlatformTerminal,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPlatform, type Db } from '../../db/client';
import { paginate, platformList } from '../../platform/pagination';
import { READER_LIST } from './readers';
import { TERMINAL_LIST } from './terminals';

/** The platform's view: every tenant's readers and terminals, for the super admin (read-only). */
export function platformDeviceRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const readerList = platformList(READER_LIST);
    const terminalList = platformList(TERMINAL_LIST);
    app.get(
      '/platform/readers',
      {
        schema: { tags: ['platform'], querystring: ZPlatformListQuery, response: { 200: listOf(ZPlatformReader) } },
        preHandler: app.requireSuperAdmin,
      },
      (req) => withPlatform(db, (tx) => paginate<TPlatformReader>(tx, readerList(req.query.tenantId), req.query)),
    );
    app.get(
      '/platform/terminals',
      {
        schema: { tags: ['platform'], querystring: ZPlatformListQuery, response: { 200: listOf(ZPlatformTerminal) } },
        preHandler: app.requireSuperAdmin,
      },
      (req) => withPlatform(db, (tx) => paginate<TPlatformTerminal>(tx, terminalList(req.query.tenantId), req.query)),
    );
  };
}
