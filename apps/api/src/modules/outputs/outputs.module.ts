import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OUTPUT_EXIT_HOURS,
  ZClientIdParams,
  ZMotifsByClient,
  ZMotifsOverview,
  ZPeriodQuery,
  type TMotifsByClient,
  type TMotifsOverview,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db } from '../../db/client';
import { tenantFromParam } from '../../platform/auth';
import { documentRoutes } from '../../platform/documents/document-routes';
import { documentService } from '../../platform/documents/document-service';
import { period } from '../../platform/period';
import { coversBySql, registerExitAuthorizer, type ExitAuthorizer } from '../ingest/authorization';
import { outputType } from './outputs.service';
import { registerOutputUsages } from './outputs.usages';

/**
 * A validated output authorizes the exit of its tags for OUTPUT_EXIT_HOURS: one query per batch of exits,
 * through the tag index of `output_tags`.
 */
export const outputAuthorizer: ExitAuthorizer = {
  name: 'output',
  rank: 10,
  missing: 'no validated output of this tag in the last 24 hours',
  covers: (tx, exits) => coversBySql(tx, outputAuthorizer.coversSql!, exits),
  coversSql: (exits) =>
    sql`select distinct on (v.i) v.i, o.number
        from (${exits}) v
        join output_tags ot on ot.tenant_id = v.tenant and ot.tag_id = v.tag
        join outputs o on o.id = ot.output_id and o.tenant_id = v.tenant and o.status = 'validated'
          and o.validated_at <= v.at and o.validated_at > v.at - make_interval(hours => ${OUTPUT_EXIT_HOURS}::int)
        order by v.i, o.validated_at desc`,
  describe: (number) => `output ${number}`,
  message: (number) => `Authorized by ${number}`,
};

/** Outputs validated and not returned, per customer and reason (all time), or per reason over a period. */
const motifs = {
  byClient: (db: Db, tenantId: number): Promise<TMotifsByClient> =>
    withTenant(db, tenantId, (tx) =>
      queryRows(
        tx,
        sql`select o.customer_id as "customerId", c.name as "customerName", o.reason_id as "reasonId",
              r.label as "reasonLabel", count(*)::int as outputs, sum(o.units)::int as units
            from outputs o join customers c on c.id = o.customer_id join reasons r on r.id = o.reason_id
            where o.tenant_id = ${tenantId} and o.status = 'validated'
            group by o.customer_id, c.name, o.reason_id, r.label
            order by c.name, outputs desc, r.label limit 500`,
      ),
    ),
  overview: (db: Db, tenantId: number, q: { startDate?: string; endDate?: string }): Promise<TMotifsOverview> => {
    const { from, to } = period(q);
    return withTenant(db, tenantId, async (tx) => {
      const byReason = await queryRows<TMotifsOverview['byReason'][number]>(
        tx,
        sql`select o.reason_id as "reasonId", r.label as "reasonLabel", count(*)::int as outputs,
              sum(o.units)::int as units
            from outputs o join reasons r on r.id = o.reason_id
            where o.tenant_id = ${tenantId} and o.status = 'validated' and o.output_date between ${from} and ${to}
            group by o.reason_id, r.label order by units desc, r.label`,
      );
      const sum = (k: 'outputs' | 'units') => byReason.reduce((total, r) => total + r[k], 0);
      return { startDate: from, endDate: to, outputs: sum('outputs'), units: sum('units'), byReason };
    });
  },
};

/** Stock outputs (sorties, SPEC `motifs`): the document kit's routes, the motifs widgets, the exit authorizer. */
export function outputsModule(db: Db) {
  const service = documentService(db, outputType);
  registerExitAuthorizer(outputAuthorizer);
  registerOutputUsages();
  const routes: FastifyPluginAsyncZod = async (app) => {
    const tags = ['outputs'];
    documentRoutes(app, '/outputs', tags, service);
    const read = app.requirePermission('outputs.read');
    const dashboard = { tags: ['dashboard'], params: ZClientIdParams };
    app.get(
      '/dashboard/motifsByClient/:id',
      { schema: { ...dashboard, response: { 200: ZMotifsByClient } }, preHandler: read },
      (req) => motifs.byClient(db, tenantFromParam(req.auth, req.params.id)),
    );
    app.get(
      '/dashboard/motifsOverview/:id',
      { schema: { ...dashboard, querystring: ZPeriodQuery, response: { 200: ZMotifsOverview } }, preHandler: read },
      (req) => motifs.overview(db, tenantFromParam(req.auth, req.params.id), req.query),
    );
  };
  return { service, routes };
}
