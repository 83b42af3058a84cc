import { sql } from 'drizzle-orm';
import {
  ZHandheldSession,
  ZHandheldSessionReport,
  type THandheldSession,
  type THandheldSessionReport,
  type TLostArticleFound,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db } from '../../db/client';
import type { Realtime } from '../../platform/realtime';
import { markFoundByEpc, notifyFound } from '../inventories/lost-articles';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { AppError, badRequest } from '../../platform/errors';

const CHUNK = 1000;

/**
 * Records a handheld counting session: one 'seen' movement per distinct EPC (no stock change: a count is
 * not a movement of goods), tags' last seen, the terminal's last sync. Idempotent per session id.
 */
export async function recordSession(
  db: Db,
  auth: AuthContext,
  body: THandheldSession,
  realtime?: Pick<Realtime, 'notifyTenant'>,
): Promise<THandheldSessionReport> {
  const tenantId = callerTenant(auth);
  let found: TLostArticleFound[] = [];
  const report = await withTenant(db, tenantId, async (tx): Promise<THandheldSessionReport> => {
    const [terminal] = await queryRows<{ id: number; userId: number | null }>(
      tx,
      sql`select id, user_id as "userId" from terminals where tenant_id = ${tenantId} and imei = ${body.imei}`,
    );
    if (!terminal)
      throw badRequest('unknown_terminal', 'Unknown terminal', [
        { field: 'imei', message: 'not registered', code: 'not_registered' },
      ]);
    if (terminal.userId !== null && terminal.userId !== auth.userId)
      throw new AppError(403, 'terminal_not_assigned', 'This terminal is assigned to another user');

    const firstSeen = new Map<string, string>();
    for (const r of body.reads) {
      const prev = firstSeen.get(r.epc);
      if (!prev || Date.parse(r.firstSeenAt) < Date.parse(prev)) firstSeen.set(r.epc, r.firstSeenAt);
    }
    const [inserted] = await queryRows<{ id: number }>(
      tx,
      sql`insert into handheld_sessions (tenant_id, session_id, terminal_id, user_id, location, started_at, read_count, known_count)
          values (${tenantId}, ${body.sessionId}, ${terminal.id}, ${auth.userId}, ${body.location},
                  ${body.startedAt ?? null}::timestamptz, ${firstSeen.size}, 0)
          on conflict (tenant_id, session_id) do nothing returning id`,
    );
    if (!inserted) {
      const [s] = await queryRows<{ reads: number; known: number }>(
        tx,
        sql`select read_count as reads, known_count as known from handheld_sessions
            where tenant_id = ${tenantId} and session_id = ${body.sessionId}`,
      );
      return {
        sessionId: body.sessionId,
        reads: s!.reads,
        known: s!.known,
        unknown: s!.reads - s!.known,
        duplicate: true,
      };
    }

    const entries = [...firstSeen];
    let known = 0;
    for (let i = 0; i < entries.length; i += CHUNK) {
      const values = sql.join(
        entries.slice(i, i + CHUNK).map(([epc, at]) => sql`(${epc}, ${at}::timestamptz)`),
        sql`, `,
      );
      const rows = await queryRows<{ tagId: number | null }>(
        tx,
        sql`insert into tag_movements (tenant_id, event_type, epc, tag_id, article_id, terminal_id, location, source, seen_at)
            select ${tenantId}, 'seen', v.epc, t.id, t.article_id, ${terminal.id}, ${body.location}, 'handheld', v.at
            from (values ${values}) as v(epc, at) left join tags t on t.tenant_id = ${tenantId} and t.epc = v.epc
            returning tag_id as "tagId"`,
      );
      known += rows.filter((r) => r.tagId !== null).length;
      await tx.execute(
        sql`update tags t set last_seen_at = v.at, last_reader_id = null, last_location = ${body.location}
            from (values ${values}) as v(epc, at)
            where t.tenant_id = ${tenantId} and t.epc = v.epc and (t.last_seen_at is null or t.last_seen_at <= v.at)`,
      );
    }
    // A tag suspected or confirmed lost that the handheld counted is found again (said after the commit).
    found = await markFoundByEpc(tx, { tenantId, userId: auth.userId }, [...firstSeen.keys()]);
    await tx.execute(sql`update handheld_sessions set known_count = ${known} where id = ${inserted.id}`);
    await tx.execute(sql`update terminals set last_sync_at = now() where id = ${terminal.id}`);
    return {
      sessionId: body.sessionId,
      reads: entries.length,
      known,
      unknown: entries.length - known,
      duplicate: false,
    };
  });
  if (realtime) notifyFound(realtime, tenantId, found);
  return report;
}

export function handheldRoutes(
  db: Db,
  bodyLimit: number,
  realtime: Pick<Realtime, 'notifyTenant'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/terminals/sessions',
      {
        bodyLimit,
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: { tags: ['terminals'], body: ZHandheldSession, response: { 200: ZHandheldSessionReport } },
        preHandler: app.requirePermission('tags.write'),
      },
      (req) => recordSession(db, req.auth, req.body, realtime),
    );
  };
}
