import { crossingReads, demoEpc, vendorBatch, type ReaderIdentity, type SimRead, type Vendor } from './payloads';
import { sendUntilAcked, type Sender, type SendResult } from './transport';

export type LoadOptions = {
  vendor: Vendor;
  identity: ReaderIdentity;
  /** Raw reads per second, crossings included. */
  rate: number;
  durationSeconds: number;
  /** Tags dwelling on the inner antenna (a shelf near the gate): most reads are their repeats. */
  tags: number;
  /** Walk-outs (inner → outer) per second, each of a tag not seen before. */
  crossingsPerSecond: number;
  /** The EPCs that walk out, in order; when exhausted, no more crossings. Default: demo SGTINs from serial 1. */
  crossingEpcs?: string[];
  /** First serial of the dwelling tags' EPCs (kept apart from the crossing ones). */
  dwellSerialBase?: number;
  inner: number;
  outer: number;
  /** One batch per interval, as readers post (Impinj webhook batching, Zebra batch mode). */
  batchIntervalMs?: number;
  retry: boolean;
  /** Zebra: the reader's next eventNum (a reader that keeps its counter across runs). */
  firstEventNum?: number;
  /** Stops generating and sending (the batch on the wire is still awaited). */
  signal?: AbortSignal;
};

export type BatchMeta = {
  index: number;
  reads: number;
  /** OUT passages that this batch completes (crossings whose outer reads it carries). */
  outs: number;
};

export type LoadHooks = {
  /** Just before each attempt to send a batch. */
  onSend?(meta: BatchMeta, attempt: number): void;
  onAck?(meta: BatchMeta, result: SendResult, attempts: number): void;
};

export type LoadStats = {
  batches: number;
  acked: number;
  failed: number;
  retries: number;
  readsGenerated: number;
  readsAcked: number;
  crossings: number;
  duplicates: number;
  movements: number;
  /** From the first batch to the last acknowledgement. */
  elapsedMs: number;
  latencyMs: number[];
  lastError?: string;
  nextEventNum: number;
  /** Batches still queued when the run was aborted. */
  unsent: number;
};

type Queued = { meta: BatchMeta; body: unknown };

/**
 * A busy exit gate: every interval, one batch of `rate × interval` reads: repeats of the dwelling tags (most of
 * the volume) plus the inner, then outer, reads of the tags walking out. Batches are generated on the reader's
 * clock and queued; one sender drains the queue in order, retrying each batch until acknowledged when `retry`
 * is set (a reader with a persistent buffer), so a server that is down delays reads but loses none.
 */
export async function runLoad(sender: Sender, opts: LoadOptions, hooks: LoadHooks = {}): Promise<LoadStats> {
  const interval = opts.batchIntervalMs ?? 250;
  const perBatch = Math.max(1, Math.round((opts.rate * interval) / 1000));
  const crossingsPerBatch = (opts.crossingsPerSecond * interval) / 1000;
  const dwellBase = opts.dwellSerialBase ?? 900_000_000;
  const dwellEpcs = Array.from({ length: opts.tags }, (_, i) => demoEpc(dwellBase + i));
  const crossingEpcs = opts.crossingEpcs;
  let nextCrossing = 0;
  let crossingCredit = 0;
  let eventNum = opts.firstEventNum ?? 1;
  let micros = 0;
  /** Outer-side reads of crossings started earlier, released when their time comes. */
  let pending: SimRead[] = [];
  const completed = new Set<string>();
  const stats: LoadStats = {
    batches: 0,
    acked: 0,
    failed: 0,
    retries: 0,
    readsGenerated: 0,
    readsAcked: 0,
    crossings: 0,
    duplicates: 0,
    movements: 0,
    elapsedMs: 0,
    latencyMs: [],
    nextEventNum: eventNum,
    unsent: 0,
  };
  const queue: Queued[] = [];
  let wake: (() => void) | undefined;
  let generating = true;

  /** `crossing`: whether the batch starts new walk-outs (the last one only completes those under way). */
  const makeBatch = (now: Date, crossing = true): Queued => {
    const reads: SimRead[] = [];
    const due = pending.filter((r) => r.at <= now);
    pending = pending.filter((r) => r.at > now);
    reads.push(...due);
    if (crossing) crossingCredit += crossingsPerBatch;
    while (crossingCredit >= 1) {
      crossingCredit -= 1;
      const epc = crossingEpcs ? crossingEpcs[nextCrossing] : demoEpc(nextCrossing + 1);
      if (!epc) break;
      nextCrossing += 1;
      stats.crossings += 1;
      // Spread over the interval; the outer side follows ~0.5 s later, in a later batch.
      const start = new Date(now.getTime() - interval + Math.floor(Math.random() * interval));
      const all = crossingReads(epc, opts.inner, opts.outer, start, { readsPerSide: 3, everyMs: 40, gapMs: 400 });
      for (const r of all) (r.at <= now ? reads : pending).push(r);
    }
    // The rest of the budget: repeats of the dwelling tags.
    for (let i = reads.length; i < perBatch && dwellEpcs.length; i++) {
      const epc = dwellEpcs[Math.floor(Math.random() * dwellEpcs.length)]!;
      reads.push({
        epc,
        antenna: opts.inner,
        rssi: -60 + Math.floor(Math.random() * 8),
        at: new Date(now.getTime() - Math.floor(Math.random() * interval)),
      });
    }
    let outs = 0;
    for (const r of reads) {
      r.micros = micros++ % 1000;
      if (r.antenna === opts.outer && !completed.has(r.epc)) {
        completed.add(r.epc);
        outs += 1;
      }
    }
    reads.sort((a, b) => a.at.getTime() - b.at.getTime());
    const { body, nextEventNum } = vendorBatch(opts.vendor, reads, { id: opts.identity, firstEventNum: eventNum });
    eventNum = nextEventNum;
    stats.nextEventNum = eventNum;
    stats.readsGenerated += reads.length;
    return { meta: { index: stats.batches++, reads: reads.length, outs }, body };
  };

  const t0 = performance.now();
  const generator = (async () => {
    const end = t0 + opts.durationSeconds * 1000;
    let next = t0;
    while (performance.now() < end && !opts.signal?.aborted) {
      queue.push(makeBatch(new Date()));
      wake?.();
      next += interval;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    // The outer reads still pending: one last batch once they are due.
    if (pending.length && !opts.signal?.aborted) {
      const last = Math.max(...pending.map((r) => r.at.getTime()));
      await new Promise((r) => setTimeout(r, Math.max(0, last - Date.now() + 1)));
      queue.push(makeBatch(new Date(), false));
    }
    generating = false;
    wake?.();
  })();

  const drain = (async () => {
    for (;;) {
      // Aborted: what is still queued is never sent (a bounded benchmark, not a reader's buffer).
      const item = opts.signal?.aborted ? undefined : queue.shift();
      if (!item) {
        if (opts.signal?.aborted) {
          stats.unsent = queue.length;
          return;
        }
        if (!generating) return;
        await new Promise<void>((r) => (wake = r));
        continue;
      }
      let attempt = 0;
      const sent = performance.now();
      hooks.onSend?.(item.meta, attempt);
      const { result, attempts } = await sendUntilAcked(sender, opts.vendor, item.body, {
        retry: opts.retry,
        signal: opts.signal,
        onRetry: (r) => {
          stats.retries += 1;
          stats.lastError = r.ok ? undefined : `${r.status ?? 'network'}: ${r.error}`;
          attempt += 1;
          hooks.onSend?.(item.meta, attempt);
        },
      });
      stats.latencyMs.push(performance.now() - sent);
      if (result.ok) {
        stats.acked += 1;
        stats.readsAcked += item.meta.reads;
        stats.duplicates += result.report?.duplicates ?? 0;
        stats.movements += result.report?.movements ?? 0;
      } else {
        stats.failed += 1;
        stats.lastError = `${result.status ?? 'network'}: ${result.error}`;
      }
      hooks.onAck?.(item.meta, result, attempts);
    }
  })();

  await Promise.all([generator, drain]);
  stats.elapsedMs = performance.now() - t0;
  return stats;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
