import { and, eq, sql } from 'drizzle-orm';
import {
  listOf,
  ZIdParams,
  ZListQuery,
  ZOk,
  ZReader,
  ZReaderInput,
  ZReaderWithSecret,
  type TListQuery,
  type TReader,
  type TReaderInput,
  type TReaderWithSecret,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTenant, type Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { createCrudService } from '../../platform/crud';
import { notFound } from '../../platform/errors';
import { tenantList, type TenantListOptions } from '../../platform/pagination';
import { newReaderSecret } from './rfid.repository';
import { readers } from './rfid.schema';

export const READER_LIST: TenantListOptions = {
  table: 'readers',
  alias: 'r',
  columns: sql`r.id, r.name, r.vendor, r.hostname, r.mac, r.location, r.role, r.antennas,
    r.heartbeat_timeout_seconds as "heartbeatTimeoutSeconds", r.presence_window_seconds as "presenceWindowSeconds",
    r.direction_window_seconds as "directionWindowSeconds", r.online, ${isoUtc(sql`r.last_heard_at`)} as "lastHeardAt"`,
  search: [sql`r.name`, sql`r.location`, sql`r.hostname`, sql`r.mac`],
  sort: {
    name: sql`r.name`,
    location: sql`r.location`,
    role: sql`r.role`,
    online: sql`r.online`,
    lastHeardAt: sql`r.last_heard_at`,
  },
  defaultSort: 'name:asc',
};

/** Fixed readers; each has its own secret, shown once at creation and at each rotation. */
export function readerResource(db: Db) {
  type TReaderCreate = TReaderInput & { secretHash?: string };
  const service = createCrudService<TReader, TReaderInput, TReaderCreate>(db, {
    entity: 'reader',
    table: readers,
    idColumn: sql`r.id`,
    list: tenantList(READER_LIST),
    toValues: (input) => input,
    errors: { unique: { readers_tenant_name_uq: 'name' }, inUse: 'This reader is still referenced' },
  });
  const createReader = async (auth: AuthContext, input: TReaderInput): Promise<TReaderWithSecret> => {
    const { random, hash } = newReaderSecret();
    const reader = await service.create(auth, { ...input, secretHash: hash });
    return { ...reader, secret: `${reader.id}.${random}` };
  };
  const rotateSecret = (auth: AuthContext, id: number): Promise<TReaderWithSecret> =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const { random, hash } = newReaderSecret();
      const [row] = await tx
        .update(readers)
        .set({ secretHash: hash, updatedAt: new Date() })
        .where(and(eq(readers.id, id), eq(readers.tenantId, callerTenant(auth))))
        .returning({ id: readers.id });
      if (!row) throw notFound('reader');
      const reader = (await service.findOne(tx, callerTenant(auth), id))!;
      return { ...reader, secret: `${id}.${random}` };
    });

  const routes: FastifyPluginAsyncZod = async (app) => {
    const r = app.requirePermission('readers.read');
    const w = app.requirePermission('readers.write');
    const tags = ['readers'];
    app.get(
      '/readers',
      { schema: { tags, querystring: ZListQuery, response: { 200: listOf(ZReader) } }, preHandler: r },
      (req) => service.list(req.auth, req.query as TListQuery),
    );
    app.get('/readers/:id', { schema: { tags, params: ZIdParams, response: { 200: ZReader } }, preHandler: r }, (req) =>
      service.get(req.auth, req.params.id),
    );
    app.post(
      '/readers',
      { schema: { tags, body: ZReaderInput, response: { 200: ZReaderWithSecret } }, preHandler: w },
      (req) => createReader(req.auth, req.body),
    );
    app.put(
      '/readers/:id',
      { schema: { tags, params: ZIdParams, body: ZReaderInput, response: { 200: ZReader } }, preHandler: w },
      (req) => service.update(req.auth, req.params.id, req.body),
    );
    app.delete(
      '/readers/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: w },
      async (req) => {
        await service.remove(req.auth, req.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/readers/:id/rotate-secret',
      { schema: { tags, params: ZIdParams, response: { 200: ZReaderWithSecret } }, preHandler: w },
      (req) => rotateSecret(req.auth, req.params.id),
    );
  };
  return { service, createReader, rotateSecret, routes };
}
