import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { queryRows, withPlatform, type Db, type Tx } from '../../db/client';
import { loggable } from '../errors';
import { periodic } from '../periodic';

/*
 * The transactional outbox (DESIGN §4d): a message is written in the transaction of what it reports and sent by a
 * worker once that transaction has committed, so a message is never sent for a rolled-back change nor lost for a
 * committed one. A worker claims due messages for a lease (`locked_until`), sends them with no transaction open,
 * then records the outcome; a process killed mid-send leaves the message to whoever claims it after the lease, and
 * two processes never claim the same message at once (`for update skip locked`). A send may thus be tried again
 * after a crash: each topic's handler makes that harmless (the platform's looks the document up by its tracking id,
 * a webhook carries an idempotency id).
 */

export type OutboxMessage = {
  id: number;
  tenantId: number;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
  /** This try's number, from 1. */
  attempts: number;
  createdAt: string;
};

/** A failure that trying again cannot mend (refused by the receiver, nothing to send): not retried. */
export class PermanentFailure extends Error {}

export type OutboxHandler = {
  send(message: OutboxMessage): Promise<Record<string, unknown> | undefined>;
  /** How long after its first try a message is still retried (default: until it is sent). */
  retryForMs?: number;
  /** Told of each try's outcome after it is recorded (a delivery log, the tenant's notice). */
  settled?(message: OutboxMessage, outcome: OutboxOutcome): Promise<void>;
};

export type OutboxOutcome =
  | { ok: true; result?: Record<string, unknown>; durationMs: number }
  | { ok: false; error: string; durationMs: number; nextAttemptAt: Date | null };

export type Enqueue = { topic: string; key: string; payload: Record<string, unknown> };

// Told of each message queued in this process: its worker looks shortly after, once the transaction has likely
// committed (the poll finds what it misses, and what other processes queued).
const queued = new EventEmitter();
queued.setMaxListeners(0);

/** Says that messages were queued by a statement of its own (not `enqueue`): this process's worker looks soon. */
export const messagesQueued = () => void queued.emit('queued');

/** Queues a message in the caller's transaction; the same topic and key queued again stay one message. */
export async function enqueue(tx: Tx, tenantId: number, message: Enqueue): Promise<void> {
  await tx.execute(
    sql`insert into outbox (tenant_id, topic, key, payload)
        values (${tenantId}, ${message.topic}, ${message.key}, ${JSON.stringify(message.payload)}::jsonb)
        on conflict (tenant_id, topic, key) do nothing`,
  );
  messagesQueued();
}

/** 5 s, 10 s, 20 s… doubling up to an hour, with ±20 % jitter so that retries after an outage spread out. */
export function backoffMs(attempts: number): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export type OutboxOptions = {
  /** How long a claimed message is held before another worker may take it (a send must finish within it). */
  leaseMs?: number;
  /** How often the worker looks for what is due (retries, other processes' messages); 0: only when kicked. */
  pollMs?: number;
  /** Messages claimed at once, and sent side by side. */
  batch?: number;
};

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(db: Db, log: { error(obj: unknown, msg: string): void }, options: OutboxOptions = {}) {
  const leaseMs = options.leaseMs ?? 120_000;
  const batch = options.batch ?? 8;
  const handlers = new Map<string, OutboxHandler>();
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;
  let stopped = true;

  const claim = (topics: string[]) =>
    withPlatform(db, (tx) =>
      queryRows<OutboxMessage>(
        tx,
        sql`update outbox o set locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
                   attempts = o.attempts + 1
            where o.id in (select id from outbox
                           where status <> 'sent' and next_attempt_at <= now()
                             and (locked_until is null or locked_until < now())
                             and topic in (${sql.join(
                               topics.map((t) => sql`${t}`),
                               sql`, `,
                             )})
                           order by next_attempt_at, id limit ${batch} for update skip locked)
            returning o.id, o.tenant_id as "tenantId", o.topic, o.key, o.payload, o.attempts,
                      o.created_at::text as "createdAt"`,
      ),
    );

  async function sendOne(message: OutboxMessage): Promise<void> {
    const handler = handlers.get(message.topic)!;
    const started = performance.now();
    let outcome: OutboxOutcome;
    try {
      const result = await handler.send(message);
      outcome = { ok: true, result, durationMs: Math.round(performance.now() - started) };
      // `attempts` fences the outcome: a message reclaimed after its lease ran out is recorded by its new holder.
      await withPlatform(db, (tx) =>
        tx.execute(
          sql`update outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
                     next_attempt_at = null, result = ${result ? JSON.stringify(result) : null}::jsonb,
                     updated_at = now()
              where id = ${message.id} and attempts = ${message.attempts}`,
        ),
      );
    } catch (err) {
      const age = Date.now() - new Date(message.createdAt).getTime();
      const giveUp = err instanceof PermanentFailure || (handler.retryForMs !== undefined && age >= handler.retryForMs);
      const nextAttemptAt = giveUp ? null : new Date(Date.now() + backoffMs(message.attempts));
      outcome = {
        ok: false,
        error: errorText(err),
        durationMs: Math.round(performance.now() - started),
        nextAttemptAt,
      };
      await withPlatform(db, (tx) =>
        tx.execute(
          sql`update outbox set status = 'failed', locked_until = null, last_error = ${outcome.ok ? null : outcome.error},
                     next_attempt_at = ${nextAttemptAt ? nextAttemptAt.toISOString() : null}::timestamptz,
                     updated_at = now()
              where id = ${message.id} and attempts = ${message.attempts}`,
        ),
      );
    }
    await handler.settled?.(message, outcome).catch((err: unknown) => log.error(loggable(err), 'outbox settle failed'));
  }

  async function drain(): Promise<number> {
    let sent = 0;
    while (!closed && handlers.size) {
      const messages = await claim([...handlers.keys()]);
      if (!messages.length) break;
      await Promise.all(messages.map((m) => sendOne(m)));
      sent += messages.length;
    }
    return sent;
  }

  /** Runs the worker now (or once more after the run under way); answers how many messages it tried. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again && !closed);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = periodic('outbox', options.pollMs ?? 2_000, run, log);
  let soon: NodeJS.Timeout | undefined;
  const kick = () => {
    if (closed || stopped || soon || !handlers.size) return;
    soon = setTimeout(() => {
      soon = undefined;
      run().catch((err: unknown) => log.error(loggable(err), 'outbox failed'));
    }, 50);
    soon.unref();
  };
  return {
    handle(topic: string, handler: OutboxHandler) {
      handlers.set(topic, handler);
    },
    run,
    /** Sends what was just queued without waiting for the next poll. */
    kick,
    /** Sends a failed or given-up message again at once (the tenant's "send again"). */
    async retry(tx: Tx, tenantId: number, id: number): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update outbox set status = 'waiting', next_attempt_at = now(), updated_at = now()
            where tenant_id = ${tenantId} and id = ${id} and status = 'failed' returning id`,
      );
      return rows.length > 0;
    },
    start() {
      stopped = false;
      queued.on('queued', kick);
      if (options.pollMs !== 0) timer.start();
    },
    /** Stops sending by itself (the poll and the kicks); `run()` still sends (tests drive it so). */
    stop() {
      stopped = true;
      queued.off('queued', kick);
      if (soon) clearTimeout(soon);
      soon = undefined;
      timer.stop();
    },
    async close() {
      closed = true;
      queued.off('queued', kick);
      if (soon) clearTimeout(soon);
      timer.stop();
      await running?.catch(() => undefined);
    },
  };
}
