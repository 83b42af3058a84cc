import { ZImpinjBatch, ZIngestReport, ZZebraBody, type TImpinjEvent, type TZebraEvent } from '@tagstock/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import type { Realtime } from '../../platform/realtime';
import { handheldRoutes } from './handheld';
import { createIngestService, StaleReaderError } from './ingest.service';
import { normalizeImpinj, normalizeZebra, type Normalized } from './pipeline';
import { fail, readerAuthenticator, type ReaderRow } from './reader-auth';

/** Readers batch up to thousands of reads; well above the JSON limit of the rest of the API. */
export const INGEST_BODY_LIMIT = 4 * 1024 * 1024;
/** Per source address; generous: a busy gate posts several batches a second. */
const INGEST_RATE = { max: 3000, timeWindow: '1 minute' };

const readerOf = new WeakMap<FastifyRequest, ReaderRow>();

export function ingestModule(db: Db, realtime: Pick<Realtime, 'notifyTenant'>) {
  const service = createIngestService(db, realtime);
  const auth = readerAuthenticator(db);

  const routes: FastifyPluginAsyncZod = async (app) => {
    // The reader is authenticated before the body is even read: a stranger's megabytes are never parsed, and
    // learn nothing about the format (invalid JSON without credentials is a 401, not a 400).
    const onRequest = async (req: FastifyRequest) => {
      readerOf.set(req, await auth.authenticate(req.headers.authorization));
    };
    const run = async (req: FastifyRequest, source: 'impinj' | 'zebra', normalized: Normalized) => {
      if (normalized.errors.length)
        throw badRequest('invalid_reads', 'Some reads are malformed; nothing was recorded', normalized.errors);
      const reader = readerOf.get(req)!;
      const check = (used: ReaderRow) => (current: ReaderRow | undefined) => auth.stillValid(used, current);
      try {
        return await service.ingest(reader, source, normalized.reads, check(reader));
      } catch (err) {
        if (!(err instanceof StaleReaderError)) throw err;
        // The remembered row was out of date (a rotated secret, a reader moved or deleted): the database decides,
        // and a reader whose credentials still hold is recorded under its current row.
        const current = await auth.fromDatabase(req.headers.authorization);
        // Changed again in between: refused, as a reader whose secret no longer holds.
        return service.ingest(current, source, normalized.reads, check(current)).catch((again: unknown) => {
          throw again instanceof StaleReaderError ? fail() : again;
        });
      }
    };
    const common = {
      bodyLimit: INGEST_BODY_LIMIT,
      config: { rateLimit: INGEST_RATE },
      onRequest,
    };

    app.post(
      '/ingest/impinj',
      {
        ...common,
        schema: { tags: ['ingest'], body: ZImpinjBatch, response: { 200: ZIngestReport } },
      },
      (req) => run(req, 'impinj', normalizeImpinj(req.body as TImpinjEvent[])),
    );
    app.post(
      '/ingest/zebra',
      {
        ...common,
        schema: { tags: ['ingest'], body: ZZebraBody, response: { 200: ZIngestReport } },
      },
      (req) => run(req, 'zebra', normalizeZebra([req.body as TZebraEvent | TZebraEvent[]].flat())),
    );
  };
  return { service, routes: [routes, handheldRoutes(db, INGEST_BODY_LIMIT, realtime)] };
}
