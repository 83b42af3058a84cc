import { sql } from 'drizzle-orm';
import {
  SocketEvents,
  type TIngestReport,
  type TLostArticleFound,
  type TExitReason,
  type TReaderStatusEvent,
  type TSendNotification,
  type TStockSummary,
  type TTagEventType,
} from '@tagstock/contract';
import { queryPrepared, queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { idArray, jsonList, jsonRows } from '../../db/sql-fragments';
import { pgError } from '../../platform/db-errors';
import { emitWebhookEvents } from '../../platform/webhooks/emit';
import type { Realtime } from '../../platform/realtime';
import { stockSummary } from '../dashboard/dashboard.module';
import { markFoundByEpc, notifyFound } from '../inventories/lost-articles';
import { authorizeExitsAlong, recordCovered, type ExitAuthorization } from './authorization';
import { lockArticles, moveStock } from '../stock/stock.service';
import { planBatch, presenceKey, withinClock, type Plan, type Presence, type Read, type Step } from './pipeline';
import { EVENT_KEY_RETENTION_HOURS } from './retention';
import type { ReaderRow } from './reader-auth';

export type IngestSource = 'impinj' | 'zebra' | 'mqtt';

/** Whether the credentials a batch came with still hold against the reader's row as its transaction locked it. */
export type ReaderCheck = (current: ReaderRow | undefined) => boolean;

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
  authorizationReason: TExitReason | null;
  stockDelta: number;
};

type StockMove = { step: Step; articleId: number; delta: number; epc: string };
/**
 * Per step its effect; per EPC the new stock flag of its tag; the stock changes, in order, and the quantities
 * of their articles as locked before them.
 */
type Effects = {
  byStep: Map<Step, Effect>;
  inStock: Map<string, boolean>;
  stockMoves: StockMove[];
  locked: ReadonlyMap<number, number>;
};

type PendingNotice = {
  movementId: number;
  eventType: 'IN' | 'OUT';
  tag: TagRow | undefined;
  effect: Effect;
  seenAt: Date;
};

const noEffect = (): Effect => ({
  isAuthorized: null,
  authorizationMessage: null,
  authorizationReason: null,
  stockDelta: 0,
});
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

/** The reader's row as `markHeard` returns it (the columns of `ReaderRow`, read under its lock). */
const READER_COLUMNS = sql`old.id, old.tenant_id as "tenantId", old.created_at as "createdAt", old.updated_at as "updatedAt",
  old.name, old.vendor, old.hostname, old.mac, old.location, old.role, old.antennas,
  old.heartbeat_timeout_seconds as "heartbeatTimeoutSeconds", old.presence_window_seconds as "presenceWindowSeconds",
  old.direction_window_seconds as "directionWindowSeconds", old.secret_hash as "secretHash",
  r.last_heard_at as "lastHeardAt"`;

/**
 * Marks the reader heard; `connected` is true when it was offline (a transition, announced once). The row lock also
 * serializes the batches of one reader, so the presence state is never read and written concurrently. Answers the
 * reader's row as locked (undefined when the tenant's scope does not see it): the batch runs with it, and the
 * caller may check the credentials it authenticated with against it.
 */
export async function markHeard(
  tx: Tx,
  readerId: number,
): Promise<{ connected: boolean; reader: ReaderRow | undefined }> {
  const [row] = await queryPrepared<ReaderRow & { wasOnline: boolean }>(
    tx,
    sql`update readers r set online = true, last_heard_at = now()
        from (select * from readers where id = ${readerId} for update) old
        where r.id = old.id returning old.online as "wasOnline", ${READER_COLUMNS}`,
  );
  if (!row) return { connected: false, reader: undefined };
  const { wasOnline, ...reader } = row;
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  return {
    connected: !wasOnline,
    reader: {
      ...reader,
      online: true,
      createdAt: date(reader.createdAt)!,
      updatedAt: date(reader.updatedAt)!,
      lastHeardAt: date(reader.lastHeardAt),
    },
  };
}

/** The credentials a batch came with no longer hold (see `ingest`'s `check`): nothing was recorded. */
export class StaleReaderError extends Error {
  constructor(readonly readerId: number) {
    super(`reader ${readerId}: credentials no longer valid`);
  }
}

/** The presence state of the batch's EPCs on every antenna of the reader (direction needs the other side). */
async function loadPresences(tx: Tx, reader: ReaderRow, reads: Read[]): Promise<Map<string, Presence>> {
  const ports = new Set([...reader.antennas.map((a) => a.port), ...reads.map((r) => r.antenna)]);
  const epcs = new Set(reads.map((r) => r.epc));
  const keys = [...epcs].flatMap((epc) => [...ports].map((antenna) => ({ antenna, epc })));
  // One primary-key probe per key (LATERAL … LIMIT 1 keeps the planner from scanning a fast-growing table). Planned
  // at each run, not prepared: a connection's generic plan, made while the table was still nearly empty, scanned it
  // whole for every key once it had grown (seconds per batch on that connection, measured).
  const rows = await queryRows<{
    antenna: number;
    epc: string;
    first: string;
    last: string;
    movementId: number | null;
    movementType: TTagEventType | null;
  }>(
    tx,
    sql`select k.antenna, k.epc, p.first_seen_at as first, p.last_seen_at as last, p.movement_id as "movementId",
               (select m.event_type from tag_movements m where m.id = p.movement_id) as "movementType"
        from ${jsonRows(keys)} as k(antenna int, epc text)
        cross join lateral (
          select first_seen_at, last_seen_at, movement_id from tag_presences p
          where p.reader_id = ${reader.id} and p.antenna = k.antenna and p.epc = k.epc limit 1
        ) p`,
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

/** The data of an `exit.unauthorized` webhook event (docs/webhooks.md). */
const unauthorizedExit = (reader: ReaderRow, n: PendingNotice) => ({
  movementId: n.movementId,
  epc: n.tag?.epc ?? null,
  tagId: n.tag?.id ?? null,
  articleId: n.tag?.articleId ?? null,
  designation: n.tag?.designation ?? null,
  reader: { id: reader.id, name: reader.name, location: reader.location },
  at: iso(n.seenAt),
  reason: n.effect.authorizationReason,
});

const clonePresences = (state: Map<string, Presence>) => new Map([...state].map(([k, p]) => [k, { ...p }]));

/**
 * In one round trip: records the idempotency keys of the reads that start a presence; reads the tags of their EPCs;
 * locks, in id order (no deadlock between batches), the articles whose stock the passages (`passing`: the EPCs of the
 * IN and OUT steps) may move, answering their quantities; and tells whether a tag of `seen` is suspected or lost
 * (only then is `markFoundByEpc` asked). Answers the keys that were new.
 */
async function recordKeys(
  tx: Tx,
  reader: ReaderRow,
  batch: { keys: string[]; epcs: string[]; passing: string[]; seen: string[] },
) {
  const t = reader.tenantId;
  const [row] = await queryPrepared<{
    fresh: string[];
    tags: TagRow[];
    locked: [number, number][];
    lost: boolean;
  }>(
    tx,
    sql`with fresh as (
          insert into ingest_events (tenant_id, reader_id, event_key)
          select ${t}, ${reader.id}, k from ${jsonList(batch.keys)} k
          on conflict do nothing returning event_key
        ),
        stocked as materialized (
          select distinct t.article_id from ${jsonList(batch.passing)} p(epc)
          cross join lateral (
            select article_id, status, family_id from tags t where t.tenant_id = ${t} and t.epc = p.epc limit 1
          ) t
          left join tag_families f on f.id = t.family_id and f.tenant_id = ${t}
          where t.status = 'active' and t.article_id is not null and f.counts_in_stock is not false
        ),
        locked as (
          select id, quantity from articles
          where id = any(array(select article_id from stocked)) and tenant_id = ${t}
          order by id for update
        )
        select (select coalesce(json_agg(event_key), '[]') from fresh) as fresh,
               (select coalesce(json_agg(x), '[]') from (
                  select t.id, t.epc, t.status, t.in_stock as "inStock", t.article_id as "articleId",
                         a.category_id as "categoryId", a.designation, f.counts_in_stock as "countsInStock",
                         f.alarm_on_exit as "alarmOnExit", f.name as "familyName"
                  from ${jsonList(batch.epcs)} e(epc)
                  cross join lateral (select * from tags t where t.tenant_id = ${t} and t.epc = e.epc limit 1) t
                  left join lateral (
                    select category_id, designation from articles
                    where id = t.article_id and tenant_id = ${t} limit 1
                  ) a on true
                  left join tag_families f on f.id = t.family_id and f.tenant_id = ${t}
               ) x) as tags,
               (select coalesce(json_agg(json_build_array(id, quantity)), '[]') from locked) as locked,
               exists (
                 select 1 from lost_articles l where l.tenant_id = ${t} and l.status in ('suspected', 'lost')
                   and exists (select 1 from tags x where x.id = l.tag_id and x.tenant_id = ${t}
                     and x.epc in (select value from ${jsonList(batch.seen)}))
               ) as lost`,
  );
  return {
    fresh: new Set(row!.fresh),
    tags: new Map(row!.tags.map((tag) => [tag.epc, tag])),
    locked: new Map(row!.locked),
    lost: row!.lost,
  };
}

/**
 * Plans the batch, then records the idempotency keys of the reads that start a presence (the only ones that
 * create or decide movements). A key already known means a read received before whose presence has since been
 * forgotten: that read is dropped and the batch planned again without it. Answers, besides the plan and its tags,
 * the articles locked so far with their quantities, and whether a tag of the batch may be found again (null when
 * not asked: no read started a presence).
 */
async function planWithKeys(tx: Tx, reader: ReaderRow, reads: Read[], loaded: Map<string, Presence>) {
  const shape = {
    role: reader.role,
    antennas: reader.antennas,
    directionWindowMs: reader.directionWindowSeconds * 1000,
  };
  const recorded = new Set<string>();
  const dropped = new Set<string>();
  let tags = new Map<string, TagRow>();
  const locked = new Map<number, number>();
  let lost: boolean | null = null;
  // Every EPC of the batch: whatever is dropped, the tags seen are among them.
  const seen = [...new Set(reads.map((r) => r.epc))];
  for (;;) {
    const kept = dropped.size ? reads.filter((r) => !dropped.has(r.eventKey)) : reads;
    const plan = planBatch(shape, clonePresences(loaded), kept, reader.presenceWindowSeconds * 1000);
    plan.duplicates += reads.length - kept.length;
    const keys = [...new Set(plan.steps.map((s) => s.read.eventKey))].filter((k) => !recorded.has(k));
    if (!keys.length) return { plan, tags, locked, lost };
    const answer = await recordKeys(tx, reader, {
      keys,
      epcs: [...new Set(plan.steps.map((s) => s.read.epc))],
      passing: [...new Set(plan.steps.filter((s) => isPassage(s.eventType)).map((s) => s.read.epc))],
      seen: lost === null ? seen : [],
    });
    tags = new Map([...tags, ...answer.tags]);
    for (const [id, quantity] of answer.locked) locked.set(id, quantity);
    if (lost === null) lost = answer.lost;
    for (const k of answer.fresh) recorded.add(k);
    const known = keys.filter((k) => !answer.fresh.has(k));
    if (!known.length) return { plan, tags, locked, lost };
    for (const k of known) dropped.add(k);
  }
}

export function createIngestService(db: Db, realtime: Pick<Realtime, 'notifyTenant'>) {
  /**
   * Stock and authorization consequences of the passages (IN / OUT) of a batch, in the order they happened.
   * Every lookup is one query for the whole batch; the sequence itself runs in memory.
   */
  async function effects(
    tx: Tx,
    reader: ReaderRow,
    steps: Step[],
    tags: Map<string, TagRow>,
    lockedSoFar: ReadonlyMap<number, number>,
  ) {
    const activeTag = (s: Step) => {
      const tag = tags.get(s.read.epc);
      // Unregistered and non-active tags are logged only: no stock, no alarm.
      return tag && tag.status === 'active' && isPassage(s.eventType) ? tag : undefined;
    };
    const atGate = (s: Step) => s.eventType === 'OUT' && reader.role === 'exit_gate';
    const checked = steps.filter((s) => atGate(s) && activeTag(s) && activeTag(s)!.alarmOnExit !== false);
    const stocked = (tag: TagRow | undefined) => tag && tag.articleId !== null && tag.countsInStock !== false;
    const moving = [...new Set(steps.map(activeTag).filter(stocked))] as TagRow[];
    // The articles were locked with the keys (`recordKeys`); one the tags read then did not name is locked here.
    const quantities = new Map(lockedSoFar);
    const missing = moving.map((t) => t.articleId!).filter((id) => !quantities.has(id));
    if (missing.length)
      for (const [id, quantity] of await lockArticles(tx, reader.tenantId, missing)) quantities.set(id, quantity);
    // The exits' verdicts, and the stock flags of the tags read again now that their articles are locked: a batch
    // of another reader that moved the same tag held those locks and has committed by now. One statement.
    const { verdicts: answers, rows: fresh } = await authorizeExitsAlong<{ id: number; inStock: boolean }>(
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
      moving.length
        ? sql`select id, in_stock as "inStock" from tags
              where id = any(${idArray(moving.map((t) => t.id))}) and tenant_id = ${reader.tenantId}`
        : null,
    );
    const verdicts = new Map<Step, ExitAuthorization>();
    checked.forEach((s, i) => verdicts.set(s, answers[i]!));
    const inStockNow = new Map(fresh.map((r) => [r.id, r.inStock]));
    for (const t of moving) t.inStock = inStockNow.get(t.id) ?? t.inStock;
    const locked = new Map(quantities);

    const byStep = new Map<Step, Effect>();
    const inStock = new Map<string, boolean>();
    const stockMoves: StockMove[] = [];
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
          effect.authorizationReason = v.reason;
        } else {
          effect.authorizationMessage = `Family ${tag.familyName} raises no alarm`;
          effect.authorizationReason = { code: 'no_alarm', params: { family: tag.familyName ?? '' } };
        }
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
      inStock.set(tag.epc, tag.inStock);
      if (effect.stockDelta === 0) continue;
      quantities.set(articleId, quantity + effect.stockDelta);
      stockMoves.push({ step: s, articleId, delta: effect.stockDelta, epc: tag.epc });
    }
    return { byStep, inStock, stockMoves, locked };
  }

  /**
   * Writes what the batch decided about tags in one statement: new and decided movements, presences, tags
   * (stock flag, last seen); then the stock changes through moveStock, each naming its tag movement.
   * Answers the notices to send after commit.
   */
  async function write(
    tx: Tx,
    reader: ReaderRow,
    source: IngestSource,
    plan: Plan,
    tags: Map<string, TagRow>,
    fx: Effects,
  ) {
    const movement = (s: Step) => ({
      local: -s.movementId,
      id: s.movementId,
      event_type: s.eventType,
      epc: s.read.epc,
      tag_id: tags.get(s.read.epc)?.id ?? null,
      article_id: tags.get(s.read.epc)?.articleId ?? null,
      antenna: s.read.antenna,
      rssi: s.read.rssi,
      is_authorized: fx.byStep.get(s)!.isAuthorized,
      authorization_message: fx.byStep.get(s)!.authorizationMessage,
      authorization_reason: fx.byStep.get(s)!.authorizationReason,
      stock_delta: fx.byStep.get(s)!.stockDelta,
      seen_at: iso(s.read.seenAt),
    });
    // A movement created and decided within the batch is written once, as decided: the last step wins.
    const created = new Map<number, ReturnType<typeof movement>>();
    const decided = new Map<number, ReturnType<typeof movement>>();
    for (const s of plan.steps) (s.movementId < 0 ? created : decided).set(s.movementId, movement(s));
    const starters = new Set(plan.steps.map((s) => s.read.epc));
    const seen = new Map<string, { epc: string; at: string; moved: boolean; in_stock: boolean | null }>();
    for (const p of plan.changed) {
      const at = iso(p.lastSeenAt);
      const prev = seen.get(p.epc);
      if (!prev || prev.at < at) seen.set(p.epc, { epc: p.epc, at, moved: starters.has(p.epc), in_stock: null });
    }
    // A tag whose stock flag changed started a presence in this batch: it is in `seen`.
    for (const [epc, value] of fx.inStock) seen.get(epc)!.in_stock = value;
    const movementColumns = sql`(local int, id bigint, event_type text, epc text, tag_id int, article_id int,
      antenna int, rssi real, is_authorized boolean, authorization_message text, authorization_reason jsonb,
      stock_delta int, seen_at timestamptz)`;

    // Planned at each batch, not prepared: the decided movements' update joins a table that grows all day, and a
    // connection's generic plan made while it was small scanned it whole (the cost of each batch grew with the run).
    // The ids come from the bigserial's sequence, named once (its lookup by column cost ~30 µs per row).
    const rows = await queryRows<{ local: number; id: number }>(
      tx,
      sql`with created as materialized (
            select nextval('tag_movements_id_seq') as new_id, v.*
            from ${jsonRows([...created.values()])} as v${movementColumns}
          ),
          inserted as (
            insert into tag_movements (id, tenant_id, event_type, epc, tag_id, article_id, reader_id, location, antenna,
              rssi, source, is_authorized, authorization_message, authorization_reason, stock_delta, seen_at)
            select new_id, ${reader.tenantId}, event_type, epc, tag_id, article_id, ${reader.id}, ${reader.location},
              antenna, rssi, ${source}, is_authorized, authorization_message, authorization_reason, stock_delta, seen_at
            from created
          ),
          decided as (
            update tag_movements m set event_type = v.event_type, antenna = v.antenna, rssi = v.rssi,
              is_authorized = v.is_authorized, authorization_message = v.authorization_message,
              authorization_reason = v.authorization_reason, stock_delta = v.stock_delta, seen_at = v.seen_at
            from ${jsonRows([...decided.values()])} as v${movementColumns}
            where m.id = v.id and m.id = any(${idArray(decided.keys(), 'bigint')}) and m.tenant_id = ${reader.tenantId}
          ),
          presences as (
            insert into tag_presences (tenant_id, reader_id, antenna, epc, first_seen_at, last_seen_at, movement_id)
            select ${reader.tenantId}, ${reader.id}, v.antenna, v.epc, v.first, v.last,
              case when v.movement_id < 0 then (select c.new_id from created c where c.local = -v.movement_id)
                   else v.movement_id end
            from ${jsonRows(
              plan.changed.map((p) => ({
                antenna: p.antenna,
                epc: p.epc,
                first: iso(p.firstSeenAt),
                last: iso(p.lastSeenAt),
                movement_id: p.movementId,
              })),
            )} as v(antenna int, epc text, first timestamptz, last timestamptz, movement_id bigint)
            on conflict (reader_id, antenna, epc) do update set first_seen_at = excluded.first_seen_at,
              last_seen_at = excluded.last_seen_at, movement_id = excluded.movement_id
          ),
          -- Last seen: rewritten while a tag dwells in one reader's field only every 10 s (a shelf of tags by a
          -- gate would otherwise rewrite hundreds of rows per batch); always when it starts a presence.
          tagged as (
            update tags t set in_stock = coalesce(u.in_stock, t.in_stock),
              updated_at = case when u.in_stock is null then t.updated_at else now() end,
              last_seen_at = case when u.touch then u.at else t.last_seen_at end,
              last_reader_id = case when u.touch then ${reader.id} else t.last_reader_id end,
              last_location = case when u.touch then ${reader.location} else t.last_location end
            from (
              select x.id, v.in_stock, v.at,
                (x.last_seen_at is null or (x.last_seen_at <= v.at and (v.moved
                  or x.last_reader_id is distinct from ${reader.id}
                  or x.last_seen_at <= v.at - interval '10 seconds'))) as touch
              from ${jsonRows([...seen.values()])} as v(epc text, at timestamptz, moved boolean, in_stock boolean)
              cross join lateral (
                select id, last_seen_at, last_reader_id from tags where tenant_id = ${reader.tenantId} and epc = v.epc limit 1
              ) x
            ) u
            where t.id = u.id and (u.touch or u.in_stock is not null)
          )
          select local, new_id as id from created`,
    );
    const ids = new Map(rows.map((r) => [r.local, r.id]));
    const realId = (id: number) => (id < 0 ? ids.get(-id)! : id);
    await moveStock(
      tx,
      { tenantId: reader.tenantId, userId: null },
      fx.stockMoves.map((m) => ({
        articleId: m.articleId,
        delta: m.delta,
        reason: 'rfid' as const,
        note: `RFID ${m.step.eventType} ${reader.location} (${m.epc})`,
        source: { type: 'tag_movement', id: realId(m.step.movementId) },
      })),
      { locked: fx.locked },
    );
    return plan.steps.flatMap((s): PendingNotice[] =>
      isPassage(s.eventType)
        ? [
            {
              movementId: realId(s.movementId),
              eventType: s.eventType,
              tag: tags.get(s.read.epc),
              effect: fx.byStep.get(s)!,
              seenAt: s.read.seenAt,
            },
          ]
        : [],
    );
  }

  async function record(tx: Tx, reader: ReaderRow, source: IngestSource, reads: Read[], rejected: number) {
    const sorted = [...reads].sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime());
    const loaded = await loadPresences(tx, reader, sorted);
    const { plan, tags, locked, lost } = await planWithKeys(tx, reader, sorted, loaded);
    const report: TIngestReport = {
      reads: reads.length + rejected,
      duplicates: plan.duplicates,
      rejected,
      presences: plan.steps.length,
      // The two sides of a passage seen in one batch are two presences and one movement.
      movements: new Set(plan.steps.map((s) => s.movementId)).size,
    };
    const fx = await effects(tx, reader, plan.steps, tags, locked);
    const notices = await write(tx, reader, source, plan, tags, fx);
    await recordCovered(
      tx,
      notices.flatMap((n) =>
        n.tag && n.effect.isAuthorized
          ? [
              {
                tenantId: reader.tenantId,
                tagId: n.tag.id,
                articleId: n.tag.articleId,
                movementId: n.movementId,
                reason: n.effect.authorizationReason,
              },
            ]
          : [],
      ),
    );
    // The gate's alarms, for the tenant's webhooks: one statement for the batch, none without an alarm.
    await emitWebhookEvents(
      tx,
      reader.tenantId,
      'exit.unauthorized',
      notices.flatMap((n) => (n.effect.isAuthorized === false ? [unauthorizedExit(reader, n)] : [])),
    );
    // A tag suspected or confirmed lost that a reader sees (not leaving) is found again.
    const leaving = new Set(plan.steps.filter((s) => s.eventType === 'OUT').map((s) => s.read.epc));
    const seen = [...new Set(plan.changed.map((p) => p.epc))].filter((epc) => !leaving.has(epc));
    // Not asked when the keys' statement found no tag of the batch suspected or lost.
    const found = lost === false ? [] : await markFoundByEpc(tx, { tenantId: reader.tenantId, userId: null }, seen);
    // The live totals the notifications carry, as this batch leaves them (its own stock changes and every batch
    // committed before): read in its transaction, not in one of their own after commit.
    const summary = notices.length ? await stockSummary(tx, reader.tenantId) : null;
    return { report, notices, found, summary };
  }

  async function commit(given: ReaderRow, source: IngestSource, all: Read[], check?: ReaderCheck) {
    const { reads, rejected } = withinClock(all, new Date(), EVENT_KEY_RETENTION_HOURS * 3_600_000);
    for (let attempt = 1; ; attempt++) {
      try {
        return await withTenant(db, given.tenantId, async (tx) => {
          const heard = await markHeard(tx, given.id);
          if (check && !check(heard.reader)) throw new StaleReaderError(given.id);
          // The row as locked: a change of the reader's antennas or windows applies from this batch on.
          const reader = heard.reader ?? given;
          const { report, notices, found, summary } = reads.length
            ? await record(tx, reader, source, reads, rejected)
            : {
                report: { reads: rejected, duplicates: 0, rejected, presences: 0, movements: 0 },
                notices: [] as PendingNotice[],
                found: [] as TLostArticleFound[],
                summary: null,
              };
          return { reader, report, notices, connected: heard.connected, found, summary };
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
    authorizationReason: n.effect.authorizationReason,
    updatedArticle: n.tag?.articleId != null ? { id: n.tag.articleId, Designation: n.tag.designation ?? '' } : null,
    newTagMouvement: {
      id: n.movementId,
      eventType: n.eventType,
      Reader: { id: reader.id, name: reader.name, emplacement: reader.location },
    },
  });

  /**
   * Records a batch of reads from one authenticated reader; the reader's tenant scopes everything. `check`, when
   * given, is asked in the batch's transaction whether the credentials the reader was authenticated with still hold
   * against its row as locked there (undefined: not found in its tenant); when not, nothing is recorded and
   * `StaleReaderError` is thrown.
   */
  async function ingest(
    given: ReaderRow,
    source: IngestSource,
    reads: Read[],
    check?: ReaderCheck,
  ): Promise<TIngestReport> {
    const { reader, report, notices, connected, found, summary } = await commit(given, source, reads, check);
    notifyFound(realtime, reader.tenantId, found);
    // After commit only: nobody hears of a movement that was rolled back.
    if (connected) realtime.notifyTenant(reader.tenantId, SocketEvents.readerConnect, statusEvent(reader, new Date()));
    if (summary)
      for (const n of notices)
        realtime.notifyTenant(reader.tenantId, SocketEvents.sendNotification, payload(reader, summary, n));
    return report;
  }

  return { ingest };
}
