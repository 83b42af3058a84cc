import {
  aliveBody,
  batchByTime,
  crossingReads,
  dwellReads,
  impinjAntennaEvent,
  impinjOverflowEvent,
  impinjTagEvent,
  nonGs1Epcs,
  strayReads,
  vendorBatch,
  zebraHeartbeat,
  type ReaderIdentity,
  type SimRead,
  type Vendor,
} from './payloads';
import { percentile, runLoad } from './load';
import { sendUntilAcked, type Sender } from './transport';

export type ScenarioContext = {
  sender: Sender;
  vendor: Vendor;
  identity: ReaderIdentity;
  epcs: string[];
  /** The EPCs were given on the command line (load: they are the ones that walk out). */
  explicitEpcs: boolean;
  inner: number;
  outer: number;
  retry: boolean;
  /** heartbeat: seconds between heartbeats, and total run. */
  every: number;
  duration: number;
  /** heartbeat: a silence of `gap` seconds in the middle (a reboot). */
  gap: number;
  rate: number;
  tags: number;
  crossings: number;
  log(line: string): void;
  /** Zebra's eventNum, kept across the scenario's batches. */
  eventNum: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(ctx: ScenarioContext, kind: Vendor | 'status', body: unknown, label: string) {
  const { result, attempts } = await sendUntilAcked(ctx.sender, kind, body, { retry: ctx.retry });
  const tail = result.ok
    ? result.report
      ? `reads ${result.report.reads}, duplicates ${result.report.duplicates}, movements ${result.report.movements}`
      : 'acknowledged'
    : `${result.status ?? 'network error'} ${result.error}`;
  ctx.log(`${label}: ${result.ok ? 'ok' : 'FAILED'} (${tail})${attempts > 1 ? `, ${attempts} attempts` : ''}`);
  return result;
}

/** Encodes reads as this reader's vendor does, advancing the Zebra event counter. */
function encode(ctx: ScenarioContext, reads: SimRead[]) {
  const { body, nextEventNum } = vendorBatch(ctx.vendor, reads, { id: ctx.identity, firstEventNum: ctx.eventNum });
  ctx.eventNum = nextEventNum;
  return body;
}

/** Sends reads in real time: one batch per `intervalMs`, each when its last read has happened. */
async function play(ctx: ScenarioContext, reads: SimRead[], label: string, intervalMs = 250) {
  const batches = batchByTime(reads, intervalMs);
  for (const [i, batch] of batches.entries()) {
    const wait = batch[batch.length - 1]!.at.getTime() - Date.now();
    if (wait > 0) await sleep(wait);
    await post(
      ctx,
      ctx.vendor,
      encode(ctx, batch),
      `${label} batch ${i + 1}/${batches.length} (${batch.length} reads)`,
    );
  }
}

const soon = () => new Date(Date.now() + 50);

export const scenarios: Record<string, (ctx: ScenarioContext) => Promise<void>> = {
  /** One tag (or each --epc) sitting in the field: many reads, one presence. */
  async dwell(ctx) {
    const start = soon();
    const reads = ctx.epcs.flatMap((epc) => dwellReads(epc, ctx.inner, start, 40, 100));
    await play(ctx, reads, 'dwell', 1000);
  },

  async 'walk-out'(ctx) {
    const start = soon();
    await play(
      ctx,
      ctx.epcs.flatMap((epc) => crossingReads(epc, ctx.inner, ctx.outer, start)),
      'walk-out',
    );
  },

  async 'walk-in'(ctx) {
    const start = soon();
    await play(
      ctx,
      ctx.epcs.flatMap((epc) => crossingReads(epc, ctx.outer, ctx.inner, start)),
      'walk-in',
    );
  },

  async stray(ctx) {
    const start = soon();
    await play(
      ctx,
      ctx.epcs.flatMap((epc) => strayReads(epc, ctx.outer, start)),
      'stray',
      1000,
    );
  },

  /** The same batch twice (a reader that did not get the acknowledgement), then two batches in reverse order. */
  async duplicates(ctx) {
    const start = new Date(Date.now() - 5000);
    const reads = ctx.epcs.flatMap((epc) => dwellReads(epc, ctx.inner, start, 5, 100));
    const body = encode(ctx, reads);
    await post(ctx, ctx.vendor, body, 'batch');
    await post(ctx, ctx.vendor, body, 'same batch again (expect duplicates, no movement)');
    const later = ctx.epcs.flatMap((epc) => crossingReads(epc, ctx.inner, ctx.outer, new Date(Date.now() - 2000)));
    const [first, second] = batchByTime(later, 250).reduce<[SimRead[], SimRead[]]>(
      (acc, b, i, all) => (acc[i < all.length / 2 ? 0 : 1].push(...b), acc),
      [[], []],
    );
    const firstBody = encode(ctx, first);
    const secondBody = encode(ctx, second);
    await post(ctx, ctx.vendor, secondBody, 'later batch first (out of order)');
    await post(ctx, ctx.vendor, firstBody, 'earlier batch second');
  },

  /** Impinj's overflow event (reads dropped on the reader), between two batches of reads. */
  async overflow(ctx) {
    const start = soon();
    const reads = ctx.epcs.flatMap((epc) => dwellReads(epc, ctx.inner, start, 5, 50));
    if (ctx.vendor !== 'impinj') {
      ctx.log('overflow events are Impinj events: sending them on the impinj endpoint');
    }
    await sleep(400);
    const id = ctx.identity;
    const at = new Date();
    await post(
      ctx,
      'impinj',
      [
        ...reads.map((r) => impinjTagEvent(r, id)),
        impinjOverflowEvent(at, id),
        impinjAntennaEvent('antennaDisconnected', 3, at, id),
        impinjAntennaEvent('antennaConnected', 3, new Date(at.getTime() + 1), id),
      ],
      'reads + overflow + antenna events',
    );
  },

  /** Heartbeats (Zebra) or empty batches (Impinj) every --every s; --gap s of silence in the middle. */
  async heartbeat(ctx) {
    const t0 = Date.now();
    const gapStart = t0 + (ctx.duration * 1000 - ctx.gap * 1000) / 2;
    const gapEnd = gapStart + ctx.gap * 1000;
    let uptime = 3600;
    let rebooted = false;
    while (Date.now() - t0 < ctx.duration * 1000) {
      const now = Date.now();
      if (ctx.gap > 0 && now >= gapStart && now < gapEnd) {
        if (!rebooted) ctx.log(`silent for ${ctx.gap} s (reboot)`);
        rebooted = true;
        uptime = 0;
        await sleep(Math.min(gapEnd - now, ctx.every * 1000));
        continue;
      }
      const at = new Date();
      const body = ctx.vendor === 'zebra' ? zebraHeartbeat(at, uptime) : aliveBody(ctx.vendor, at);
      await post(
        ctx,
        ctx.vendor,
        body,
        `${ctx.vendor === 'zebra' ? 'heartbeat' : 'empty batch'} at ${at.toISOString()}`,
      );
      uptime += ctx.every;
      await sleep(ctx.every * 1000);
    }
  },

  /** Non-GS1 EPCs (chip serials, 128-bit, 64-bit): recorded as hex, no GTIN. */
  async 'non-gs1'(ctx) {
    const start = soon();
    await play(
      ctx,
      nonGs1Epcs.flatMap((epc) => crossingReads(epc, ctx.inner, ctx.outer, start)),
      'non-gs1',
    );
  },

  async load(ctx) {
    const stats = await runLoad(ctx.sender, {
      vendor: ctx.vendor,
      identity: ctx.identity,
      rate: ctx.rate,
      durationSeconds: ctx.duration,
      tags: ctx.tags,
      crossingsPerSecond: ctx.crossings,
      crossingEpcs: ctx.explicitEpcs ? ctx.epcs : undefined,
      inner: ctx.inner,
      outer: ctx.outer,
      retry: ctx.retry,
      firstEventNum: ctx.eventNum,
    });
    ctx.eventNum = stats.nextEventNum;
    const s = stats.elapsedMs / 1000;
    ctx.log(
      [
        `batches ${stats.batches} (acked ${stats.acked}, failed ${stats.failed}, retries ${stats.retries})`,
        `reads ${stats.readsGenerated} generated, ${stats.readsAcked} acknowledged = ${Math.round(stats.readsAcked / s)}/s`,
        `crossings ${stats.crossings}, movements reported ${stats.movements}, duplicates ${stats.duplicates}`,
        `batch latency p50 ${percentile(stats.latencyMs, 50).toFixed(1)} ms, p99 ${percentile(stats.latencyMs, 99).toFixed(1)} ms`,
        ...(stats.lastError ? [`last error: ${stats.lastError}`] : []),
      ].join('\n'),
    );
  },
};
