import { sql } from 'drizzle-orm';
import {
  SocketEvents,
  type TIngestReport,
  type TReaderStatusEvent,
  type TSendNotification,
  type TStockSummary,
  type TTagEventType,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { jsonRows } from '../../db/sql-fragments';
import { coalesced } from '../../platform/coalesced';
import { pgError } from '../../platform/db-errors';
import type { Realtime } from '../../platform/realtime';
import { stockSummary } from '../dashboard/dashboard.module';
import { authorizeExits, type ExitAuthorization } from './authorization';
import { planBatch, presenceKey, type Plan, type Presence, type Read, type Step } from './pipeline';
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

type Movement = {
  id: number;
  eventType: TTagEventType;
  read: Read;
  tag: TagRow | undefined;
  effect: Effect;
};

type PendingNotice = { movementId: number; eventType: 'IN' | 'OUT'; tag: TagRow | undefined; effect: Effect };

const noEffect = (): Effect => ({ isAuthorized: null, authorizationMessage: null, stockDelta: 0 });
const iso = (d: Date) => d.toISOString();
const isPassage = (t: TTagEventType): t is 'IN' | 'OUT' => t === 'IN' || t === 'OUT';

/** Concurrent batches of readers sharing tags or articles may deadlock; PostgreSQL aborts one, which is retried. */
const RETRIES = 3;

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
  const [row] = await queryRows<{ wasOnline: boolean }>(
    tx,
    sql`update readers r set online = true, last_heard_at = now()
        from (select id, online from readers where id = ${readerId} for update) old
        where r.id = old.id returning old.online as "wasOnline"`,
  );
  return row ? !row.wasOnline : false;
}

/** The presence state of the batch's EPCs on every antenna of the reader (direction needs the other side). */
async function loadPresences(tx: Tx, reader: ReaderRow, reads: Read[]): Promise<Map<string, Presence>> {
  const ports = new Set([...reader.antennas.map((a) => a.port), ...reads.map((r) => r.antenna)]);
  const epcs = new Set(reads.map((r) => r.epc));
  const keys = [...epcs].flatMap((epc) => [...ports].map((antenna) => ({ antenna, epc })));
  const rows = await queryRows<{
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
        from ${jsonRows(keys)} as k(antenna int, epc text)
        join tag_presences p on p.reader_id = ${reader.id} and p.antenna = k.antenna and p.epc = k.epc
        left join tag_movements m on m.id = p.movement_id`,
  );
  return new Map(
    rows.map((p) => [
      presenceKey(p.antenna, p.epc),
      {
        antenna: p.antenna,
        epc: p.epc,
        firstSeenAt: new Date(p.first),
        lastSeenAt: new Date(p.last),
        movementId: p.movementId,
        movementType: p.movementType,
      },
    ]),
  );
}

const clonePresences = (state: Map<string, Presence>) => new Map([...state].map(([k, p]) => [k, { ...p }]));

/**
 * Plans the batch, then records the idempotency keys of the reads that start a presence (the only ones that
 * create or decide movements). A key already known means a read received before whose presence has since been
 * forgotten: that read is dropped and the batch planned again without it.
 */
async function planWithKeys(tx: Tx, reader: ReaderRow, reads: Read[], loaded: Map<string, Presence>) {
  const shape = {
    role: reader.role,
    antennas: reader.antennas,
    directionWindowMs: reader.directionWindowSeconds * 1000,
  };
  const recorded = new Set<string>();
  const dropped = new Set<string>();
  for (;;) {
    const state = clonePresences(loaded);
    const kept = dropped.size ? reads.filter((r) => !dropped.has(r.eventKey)) : reads;
    const plan = planBatch(shape, state, kept, reader.presenceWindowSeconds * 1000);
    const keys = [...new Set(plan.steps.map((s) => s.read.eventKey))].filter((k) => !recorded.has(k));
    if (!keys.length) return { plan: { ...plan, duplicates: plan.duplicates + reads.length - kept.length }, state };
    const fresh = await queryRows<{ key: string }>(
      tx,
      sql`insert into ingest_events (tenant_id, reader_id, event_key)
          select ${reader.tenantId}, ${reader.id}, k from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) k
          on conflict do nothing returning event_key as key`,
    );
    for (const r of fresh) recorded.add(r.key);
    const known = keys.filter((k) => !recorded.has(k));
    if (!known.length) return { plan: { ...plan, duplicates: plan.duplicates + reads.length - kept.length }, state };
    for (const k of known) dropped.add(k);
  }
}

async function loadTags(tx: Tx, tenantId: number, epcs: string[]): Promise<Map<string, TagRow>> {
  if (!epcs.length) return new Map();
  const rows = await queryRows<TagRow>(
    tx,
    sql`select t.id, t.epc, t.status, t.in_stock as "inStock", t.article_id as "articleId", a.category_id as "categoryId",
               a.designation, f.counts_in_stock as "countsInStock", f.alarm_on_exit as "alarmOnExit", f.name as "familyName"
        from jsonb_array_elements_text(${JSON.stringify(epcs)}::jsonb) e(epc)
        join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc
        left join articles a on a.id = t.article_id left join tag_families f on f.id = t.family_id`,
  );
  return new Map(rows.map((t) => [t.epc, t]));
}

/** Locks the articles whose stock the batch may move, in id order (no deadlock between batches). */
async function lockArticles(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; quantity: number }>(
    tx,
    sql`select id, quantity from articles where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
        order by id for update`,
  );
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

export function createIngestService(db: Db, realtime: Pick<Realtime, 'notifyTenant'>) {
  // Live totals for the notifications: computed after commit, one query shared by the batches that wait together.
  const totals = coalesced((tenantId: number) => withTenant(db, tenantId, (tx) => stockSummary(tx, tenantId)));

  /**
   * Stock and authorization consequences of the passages (IN / OUT) of a batch, in the order they happened.
   * Every lookup is one query for the whole batch; the sequence itself runs in memory.
   */
  async function effects(tx: Tx, reader: ReaderRow, steps: Step[], tags: Map<string, TagRow>) {
    const activeTag = (s: Step) => {
      const tag = tags.get(s.read.epc);
      // Unregistered and non-active tags are logged only: no stock, no alarm.
      return tag && tag.status === 'active' && isPassage(s.eventType) ? tag : undefined;
    };
    const atGate = (s: Step) => s.eventType === 'OUT' && reader.role === 'exit_gate';
    const checked = steps.filter((s) => atGate(s) && activeTag(s) && activeTag(s)!.alarmOnExit !== false);
    const verdicts = new Map<Step, ExitAuthorization>();
    if (checked.length) {
      const answers = await authorizeExits(
        tx,
        checked.map((s) => {
          const tag = activeTag(s)!;
          return {
            tenantId: reader.tenantId,
            tagId: tag.id,
            articleId: tag.articleId,
            categoryId: tag.categoryId,
            at: s.read.seenAt,
          };
        }),
      );
      checked.forEach((s, i) => verdicts.set(s, answers[i]!));
    }
    const stocked = (tag: TagRow | undefined) => tag && tag.articleId !== null && tag.countsInStock !== false;
    const quantities = await lockArticles(tx, [
      ...new Set(steps.map((s) => activeTag(s)).flatMap((t) => (stocked(t) ? [t!.articleId!] : []))),
    ]);

    const byStep = new Map<Step, Effect>();
    const tagsInStock = new Map<number, boolean>();
    const stockMoves: { articleId: number; delta: number; quantityAfter: number; note: string }[] = [];
    for (const s of steps) {
      const effect = noEffect();
      byStep.set(s, effect);
      const tag = activeTag(s);
      if (!tag) continue;
      if (atGate(s)) {
        const v = verdicts.get(s);
        if (v) {
          effect.isAuthorized = v.isAuthorized;
          effect.authorizationMessage = v.message;
        } else effect.authorizationMessage = `Family ${tag.familyName} raises no alarm`;
      }
      if (!stocked(tag)) continue;
      const articleId = tag.articleId!;
      const quantity = quantities.get(articleId) ?? 0;
      // A tag counts once: an OUT of a tag already out (or an IN of a tag already in) moves no stock.
      if (s.eventType === 'OUT' && tag.inStock) {
        // Stock never goes below zero: the movement is still recorded, with no stock change.
        effect.stockDelta = quantity > 0 ? -1 : 0;
        tag.inStock = false;
      } else if (s.eventType === 'IN' && !tag.inStock) {
        effect.stockDelta = 1;
        tag.inStock = true;
      } else continue;
      tagsInStock.set(tag.id, tag.inStock);
      if (effect.stockDelta === 0) continue;
      quantities.set(articleId, quantity + effect.stockDelta);
      stockMoves.push({
        articleId,
        delta: effect.stockDelta,
        quantityAfter: quantity + effect.stockDelta,
        note: `RFID ${s.eventType} ${reader.location} (${tag.epc})`,
      });
    }

    if (tagsInStock.size) {
      await tx.execute(
        sql`update tags t set in_stock = v.in_stock, updated_at = now()
            from ${jsonRows([...tagsInStock].map(([id, inStock]) => ({ id, in_stock: inStock })))} as v(id int, in_stock boolean)
            where t.id = v.id`,
      );
    }
    if (stockMoves.length) {
      const deltas = new Map<number, number>();
      for (const m of stockMoves) deltas.set(m.articleId, (deltas.get(m.articleId) ?? 0) + m.delta);
      await tx.execute(
        sql`update articles a set quantity = a.quantity + v.delta, updated_at = now()
            from ${jsonRows([...deltas].map(([id, delta]) => ({ id, delta })))} as v(id int, delta int)
            where a.id = v.id and a.tenant_id = ${reader.tenantId}`,
      );
      await tx.execute(
        sql`insert into stock_movements (tenant_id, article_id, delta, quantity_after, note)
            select ${reader.tenantId}, v.article_id, v.delta, v.quantity_after, v.note
            from ${jsonRows(stockMoves.map((m) => ({ article_id: m.articleId, delta: m.delta, quantity_after: m.quantityAfter, note: m.note })))}
              as v(article_id int, delta int, quantity_after int, note text)`,
      );
    }
    return byStep;
  }

  async function writeMovements(
    tx: Tx,
    reader: ReaderRow,
    source: IngestSource,
    plan: Plan,
    tags: Map<string, TagRow>,
    byStep: Map<Step, Effect>,
  ) {
    const ids = plan.created
      ? (
          await queryRows<{ id: number }>(
            tx,
            sql`select nextval(pg_get_serial_sequence('tag_movements', 'id'))::bigint as id from generate_series(1, ${plan.created})`,
          )
        ).map((r) => r.id)
      : [];
    const realId = (id: number) => (id < 0 ? ids[-id - 1]! : id);
    // A movement created and decided within the batch is written once, as decided.
    const created = new Map<number, Movement>();
    const decided = new Map<number, Movement>();
    const notices: PendingNotice[] = [];
    for (const s of plan.steps) {
      const tag = tags.get(s.read.epc);
      const m: Movement = {
        id: realId(s.movementId),
        eventType: s.eventType,
        read: s.read,
        tag,
        effect: byStep.get(s)!,
      };
      (s.created || created.has(m.id) ? created : decided).set(m.id, m);
      if (isPassage(s.eventType)) notices.push({ movementId: m.id, eventType: s.eventType, tag, effect: m.effect });
    }
    const row = (m: Movement) => ({
      id: m.id,
      event_type: m.eventType,
      epc: m.read.epc,
      tag_id: m.tag?.id ?? null,
      article_id: m.tag?.articleId ?? null,
      antenna: m.read.antenna,
      rssi: m.read.rssi,
      is_authorized: m.effect.isAuthorized,
      authorization_message: m.effect.authorizationMessage,
      stock_delta: m.effect.stockDelta,
      seen_at: iso(m.read.seenAt),
    });
    const columns = sql`(id bigint, event_type text, epc text, tag_id int, article_id int, antenna int, rssi real,
      is_authorized boolean, authorization_message text, stock_delta int, seen_at timestamptz)`;
    if (created.size) {
      await tx.execute(
        sql`insert into tag_movements (id, tenant_id, event_type, epc, tag_id, article_id, reader_id, location, antenna, rssi,
              source, is_authorized, authorization_message, stock_delta, seen_at)
            select v.id, ${reader.tenantId}, v.event_type, v.epc, v.tag_id, v.article_id, ${reader.id}, ${reader.location},
              v.antenna, v.rssi, ${source}, v.is_authorized, v.authorization_message, v.stock_delta, v.seen_at
            from ${jsonRows([...created.values()].map(row))} as v${columns}`,
      );
    }
    if (decided.size) {
      await tx.execute(
        sql`update tag_movements m set event_type = v.event_type, antenna = v.antenna, rssi = v.rssi,
              is_authorized = v.is_authorized, authorization_message = v.authorization_message,
              stock_delta = v.stock_delta, seen_at = v.seen_at
            from ${jsonRows([...decided.values()].map(row))} as v${columns}
            where m.id = v.id and m.tenant_id = ${reader.tenantId}`,
      );
    }
    if (plan.changed.length) {
      await tx.execute(
        sql`insert into tag_presences (tenant_id, reader_id, antenna, epc, first_seen_at, last_seen_at, movement_id)
            select ${reader.tenantId}, ${reader.id}, v.antenna, v.epc, v.first, v.last, v.movement_id
            from ${jsonRows(
              plan.changed.map((p) => ({
                antenna: p.antenna,
                epc: p.epc,
                first: iso(p.firstSeenAt),
                last: iso(p.lastSeenAt),
                movement_id: p.movementId === null ? null : realId(p.movementId),
              })),
            )} as v(antenna int, epc text, first timestamptz, last timestamptz, movement_id bigint)
            on conflict (reader_id, antenna, epc) do update set first_seen_at = excluded.first_seen_at,
              last_seen_at = excluded.last_seen_at, movement_id = excluded.movement_id`,
      );
    }
    return notices;
  }

  /**
   * Tag last seen: the latest read of each EPC. While a tag dwells in one reader's field it is rewritten at most
   * every 10 s (a shelf of tags by a gate would otherwise rewrite hundreds of rows per batch).
   */
  async function touchTags(tx: Tx, reader: ReaderRow, reads: Read[], starters: Set<string>) {
    const latest = new Map<string, Date>();
    for (const r of reads) latest.set(r.epc, r.seenAt); // sorted by time: the last one wins
    if (!latest.size) return;
    await tx.execute(
      sql`update tags t set last_seen_at = v.at, last_reader_id = ${reader.id}, last_location = ${reader.location}
          from ${jsonRows([...latest].map(([epc, at]) => ({ epc, at: iso(at), moved: starters.has(epc) })))}
            as v(epc text, at timestamptz, moved boolean)
          where t.tenant_id = ${reader.tenantId} and t.epc = v.epc
            and (t.last_seen_at is null or (t.last_seen_at <= v.at and (v.moved
              or t.last_reader_id is distinct from ${reader.id}
              or t.last_seen_at <= v.at - interval '10 seconds')))`,
    );
  }

  async function record(tx: Tx, reader: ReaderRow, source: IngestSource, reads: Read[]) {
    const sorted = [...reads].sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime());
    const loaded = await loadPresences(tx, reader, sorted);
    const { plan } = await planWithKeys(tx, reader, sorted, loaded);
    const report = {
      reads: reads.length,
      duplicates: plan.duplicates,
      presences: plan.steps.length,
      movements: plan.steps.length,
    };
    const starters = new Set(plan.steps.map((s) => s.read.epc));
    const tags = await loadTags(tx, reader.tenantId, [...starters]);
    const byStep = await effects(tx, reader, plan.steps, tags);
    const notices = await writeMovements(tx, reader, source, plan, tags, byStep);
    await touchTags(tx, reader, sorted, starters);
    return { report, notices };
  }

  async function commit(reader: ReaderRow, source: IngestSource, reads: Read[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withTenant(db, reader.tenantId, async (tx) => {
          const connected = await markHeard(tx, reader.id);
          const { report, notices } = reads.length
            ? await record(tx, reader, source, reads)
            : { report: { reads: 0, duplicates: 0, presences: 0, movements: 0 }, notices: [] as PendingNotice[] };
          return { report, notices, connected };
        });
      } catch (err) {
        const code = pgError(err)?.code;
        if (attempt >= RETRIES || (code !== '40P01' && code !== '40001')) throw err;
      }
    }
  }

  const payload = (reader: ReaderRow, summary: TStockSummary, n: PendingNotice): TSendNotification => ({
    result: { totalQuantity: summary.totalQuantity, totalValorization: summary.totalValorization },
    isAuthorized: n.effect.isAuthorized ?? true,
    authorizationMessage: n.effect.authorizationMessage,
    updatedArticle: n.tag?.articleId != null ? { id: n.tag.articleId, Designation: n.tag.designation ?? '' } : null,
    newTagMouvement: {
      id: n.movementId,
      eventType: n.eventType,
      Reader: { id: reader.id, name: reader.name, emplacement: reader.location },
    },
  });

  /** Records a batch of reads from one authenticated reader; the reader's tenant scopes everything. */
  async function ingest(reader: ReaderRow, source: IngestSource, reads: Read[]): Promise<TIngestReport> {
    const { report, notices, connected } = await commit(reader, source, reads);
    // After commit only: nobody hears of a movement that was rolled back.
    if (connected) realtime.notifyTenant(reader.tenantId, SocketEvents.readerConnect, statusEvent(reader, new Date()));
    if (notices.length) {
      const summary = await totals(reader.tenantId);
      for (const n of notices)
        realtime.notifyTenant(reader.tenantId, SocketEvents.sendNotification, payload(reader, summary, n));
    }
    return report;
  }

  return { ingest };
}
