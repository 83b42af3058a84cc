import { sql } from 'drizzle-orm';
import {
  SocketEvents,
  type TIngestReport,
  type TReaderStatusEvent,
  type TSendNotification,
  type TTagEventType,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import type { Realtime } from '../../platform/realtime';
import { moveStock } from '../articles/articles.repository';
import { stockSummary } from '../dashboard/dashboard.module';
import { authorizeExit } from './authorization';
import { decide, foldRead, presenceKey, type Presence, type Read, type ReaderShape } from './pipeline';
import type { ReaderRow } from './reader-auth';

export type IngestSource = 'impinj' | 'zebra' | 'mqtt';

type TagRow = {
  id: number;
  epc: string;
  status: 'active' | 'inactive';
  inStock: boolean;
  articleId: number | null;
  categoryId: number | null;
  designation: string | null;
  countsInStock: boolean | null;
  alarmOnExit: boolean | null;
  familyName: string | null;
};

type Effect = {
  isAuthorized: boolean | null;
  authorizationMessage: string | null;
  stockDelta: number;
};

type PendingNotice = { movementId: number; eventType: 'IN' | 'OUT'; tag: TagRow | undefined; effect: Effect };

const CHUNK = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const statusEvent = (reader: ReaderRow, at: Date): TReaderStatusEvent => ({
  readerId: reader.id,
  name: reader.name,
  emplacement: reader.location,
  at: at.toISOString(),
});

/**
 * Marks the reader heard; true when it was offline (a transition, announced once). The row lock also
 * serializes the batches of one reader, so the presence state is never read and written concurrently.
 */
export async function markHeard(tx: Tx, readerId: number): Promise<boolean> {
  const [row] = await queryRows<{ online: boolean }>(
    tx,
    sql`select online from readers where id = ${readerId} for update`,
  );
  await tx.execute(sql`update readers set online = true, last_heard_at = now() where id = ${readerId}`);
  return row ? !row.online : false;
}

export function createIngestService(db: Db, realtime: Pick<Realtime, 'notifyTenant'>) {
  /** Stock and authorization consequences of a passage (IN / OUT) of a tag. */
  async function passage(tx: Tx, reader: ReaderRow, eventType: 'IN' | 'OUT', tag: TagRow | undefined, at: Date) {
    const effect: Effect = { isAuthorized: null, authorizationMessage: null, stockDelta: 0 };
    // Unregistered and non-active tags are logged only: no stock, no alarm.
    if (!tag || tag.status !== 'active') return effect;
    if (eventType === 'OUT' && reader.role === 'exit_gate') {
      if (tag.alarmOnExit === false) {
        effect.authorizationMessage = `Family ${tag.familyName} raises no alarm`;
      } else {
        const auth = await authorizeExit(tx, {
          tenantId: reader.tenantId,
          tagId: tag.id,
          articleId: tag.articleId,
          categoryId: tag.categoryId,
          at,
        });
        effect.isAuthorized = auth.isAuthorized;
        effect.authorizationMessage = auth.message;
      }
    }
    if (tag.articleId === null || tag.countsInStock === false) return effect;
    // A tag counts once: an OUT of a tag already out (or an IN of a tag already in) moves no stock.
    if (eventType === 'OUT' && tag.inStock) {
      const [article] = await queryRows<{ quantity: number }>(
        tx,
        sql`select quantity from articles where id = ${tag.articleId} for update`,
      );
      // Stock never goes below zero: the movement is still recorded, with no stock change.
      effect.stockDelta = (article?.quantity ?? 0) > 0 ? -1 : 0;
      tag.inStock = false;
    } else if (eventType === 'IN' && !tag.inStock) {
      effect.stockDelta = 1;
      tag.inStock = true;
    } else return effect;
    await tx.execute(sql`update tags set in_stock = ${tag.inStock}, updated_at = now() where id = ${tag.id}`);
    if (effect.stockDelta !== 0) {
      await moveStock(
        tx,
        { tenantId: reader.tenantId, userId: null },
        tag.articleId,
        effect.stockDelta,
        null,
        `RFID ${eventType} ${reader.location} (${tag.epc})`,
      );
    }
    return effect;
  }

  async function record(tx: Tx, reader: ReaderRow, source: IngestSource, reads: Read[]) {
    const tenantId = reader.tenantId;
    const report = { reads: reads.length, duplicates: 0, presences: 0, movements: 0 };
    const notices: PendingNotice[] = [];

    // Idempotency: only reads whose event key is new go on.
    const keys = [...new Set(reads.map((r) => r.eventKey))];
    const fresh = new Set<string>();
    for (const part of chunks(keys)) {
      const rows = await queryRows<{ key: string }>(
        tx,
        sql`insert into ingest_events (tenant_id, reader_id, event_key)
            values ${sql.join(
              part.map((k) => sql`(${tenantId}, ${reader.id}, ${k})`),
              sql`, `,
            )}
            on conflict do nothing returning event_key as key`,
      );
      for (const r of rows) fresh.add(r.key);
    }
    const seenKeys = new Set<string>();
    const todo = reads
      .filter((r) => fresh.has(r.eventKey) && !seenKeys.has(r.eventKey) && seenKeys.add(r.eventKey))
      .sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime());
    report.duplicates = reads.length - todo.length;
    if (todo.length === 0) return { report, notices };

    const epcs = [...new Set(todo.map((r) => r.epc))];
    const epcList = sql.join(
      epcs.map((e) => sql`${e}`),
      sql`, `,
    );
    const state = new Map<string, Presence>();
    const presenceRows = await queryRows<{
      antenna: number;
      epc: string;
      first: string;
      last: string;
      movementId: number | null;
      movementType: TTagEventType | null;
    }>(
      tx,
      sql`select p.antenna, p.epc, p.first_seen_at as first, p.last_seen_at as last, p.movement_id as "movementId",
                 m.event_type as "movementType"
          from tag_presences p left join tag_movements m on m.id = p.movement_id
          where p.reader_id = ${reader.id} and p.epc in (${epcList})`,
    );
    for (const p of presenceRows) {
      state.set(presenceKey(p.antenna, p.epc), {
        antenna: p.antenna,
        epc: p.epc,
        firstSeenAt: new Date(p.first),
        lastSeenAt: new Date(p.last),
        movementId: p.movementId,
        movementType: p.movementType,
      });
    }
    const tagRows = await queryRows<TagRow>(
      tx,
      sql`select t.id, t.epc, t.status, t.in_stock as "inStock", t.article_id as "articleId", a.category_id as "categoryId",
                 a.designation, f.counts_in_stock as "countsInStock", f.alarm_on_exit as "alarmOnExit", f.name as "familyName"
          from tags t left join articles a on a.id = t.article_id left join tag_families f on f.id = t.family_id
          where t.tenant_id = ${tenantId} and t.epc in (${epcList})`,
    );
    const tagsByEpc = new Map(tagRows.map((t) => [t.epc, t]));

    const shape: ReaderShape = {
      role: reader.role,
      antennas: reader.antennas,
      directionWindowMs: reader.directionWindowSeconds * 1000,
    };
    const touched = new Set<string>();
    for (const read of todo) {
      const key = presenceKey(read.antenna, read.epc);
      touched.add(key);
      if (!foldRead(state, read, reader.presenceWindowSeconds * 1000)) continue;
      report.presences += 1;
      report.movements += 1;
      const presence = state.get(key)!;
      const tag = tagsByEpc.get(read.epc);
      const d = decide(shape, state, read);
      if (d.kind === 'new') {
        const effect =
          d.eventType === 'IN' || d.eventType === 'OUT'
            ? await passage(tx, reader, d.eventType, tag, read.seenAt)
            : { isAuthorized: null, authorizationMessage: null, stockDelta: 0 };
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into tag_movements (tenant_id, event_type, epc, tag_id, article_id, reader_id, location, antenna, rssi,
                source, is_authorized, authorization_message, stock_delta, seen_at)
              values (${tenantId}, ${d.eventType}, ${read.epc}, ${tag?.id ?? null}, ${tag?.articleId ?? null}, ${reader.id},
                ${reader.location}, ${read.antenna}, ${read.rssi}, ${source}, ${effect.isAuthorized},
                ${effect.authorizationMessage}, ${effect.stockDelta}, ${read.seenAt.toISOString()})
              returning id`,
        );
        presence.movementId = row!.id;
        presence.movementType = d.eventType;
        if (d.eventType === 'IN' || d.eventType === 'OUT')
          notices.push({ movementId: row!.id, eventType: d.eventType, tag, effect });
      } else {
        const effect = await passage(tx, reader, d.eventType, tag, read.seenAt);
        await tx.execute(
          sql`update tag_movements set event_type = ${d.eventType}, antenna = ${read.antenna}, rssi = ${read.rssi},
                is_authorized = ${effect.isAuthorized}, authorization_message = ${effect.authorizationMessage},
                stock_delta = ${effect.stockDelta}, seen_at = ${read.seenAt.toISOString()}
              where id = ${d.movementId}`,
        );
        for (const p of state.values()) if (p.movementId === d.movementId) p.movementType = d.eventType;
        presence.movementId = d.movementId;
        presence.movementType = d.eventType;
        notices.push({ movementId: d.movementId, eventType: d.eventType, tag, effect });
      }
    }

    const changed = [...touched].map((k) => state.get(k)!);
    for (const part of chunks(changed)) {
      await tx.execute(
        sql`insert into tag_presences (tenant_id, reader_id, antenna, epc, first_seen_at, last_seen_at, movement_id)
            values ${sql.join(
              part.map(
                (p) =>
                  sql`(${tenantId}, ${reader.id}, ${p.antenna}, ${p.epc}, ${p.firstSeenAt.toISOString()}::timestamptz,
                       ${p.lastSeenAt.toISOString()}::timestamptz, ${p.movementId})`,
              ),
              sql`, `,
            )}
            on conflict (reader_id, antenna, epc) do update set first_seen_at = excluded.first_seen_at,
              last_seen_at = excluded.last_seen_at, movement_id = excluded.movement_id`,
      );
    }

    // Tag last seen: the latest read of each known EPC in this batch.
    const lastSeen = new Map<string, Date>();
    for (const r of todo) if (tagsByEpc.has(r.epc)) lastSeen.set(r.epc, r.seenAt);
    if (lastSeen.size > 0) {
      await tx.execute(
        sql`update tags t set last_seen_at = v.at, last_reader_id = ${reader.id}, last_location = ${reader.location}
            from (values ${sql.join(
              [...lastSeen].map(([epc, at]) => sql`(${epc}, ${at.toISOString()}::timestamptz)`),
              sql`, `,
            )}) as v(epc, at)
            where t.tenant_id = ${tenantId} and t.epc = v.epc and (t.last_seen_at is null or t.last_seen_at <= v.at)`,
      );
    }
    return { report, notices };
  }

  /** Records a batch of reads from one authenticated reader; the reader's tenant scopes everything. */
  async function ingest(reader: ReaderRow, source: IngestSource, reads: Read[]): Promise<TIngestReport> {
    const { report, connected, payloads } = await withTenant(db, reader.tenantId, async (tx) => {
      const connected = await markHeard(tx, reader.id);
      const { report, notices } = reads.length
        ? await record(tx, reader, source, reads)
        : { report: { reads: 0, duplicates: 0, presences: 0, movements: 0 }, notices: [] };
      const summary = notices.length ? await stockSummary(tx, reader.tenantId) : undefined;
      const payloads: TSendNotification[] = notices.map((n) => ({
        result: { totalQuantity: summary!.totalQuantity, totalValorization: summary!.totalValorization },
        isAuthorized: n.effect.isAuthorized ?? true,
        authorizationMessage: n.effect.authorizationMessage,
        updatedArticle: n.tag?.articleId != null ? { id: n.tag.articleId, Designation: n.tag.designation ?? '' } : null,
        newTagMouvement: {
          id: n.movementId,
          eventType: n.eventType,
          Reader: { id: reader.id, name: reader.name, emplacement: reader.location },
        },
      }));
      return { report, connected, payloads };
    });
    // After commit only: nobody hears of a movement that was rolled back.
    if (connected) realtime.notifyTenant(reader.tenantId, SocketEvents.readerConnect, statusEvent(reader, new Date()));
    for (const p of payloads) realtime.notifyTenant(reader.tenantId, SocketEvents.sendNotification, p);
    return report;
  }

  return { ingest };
}
