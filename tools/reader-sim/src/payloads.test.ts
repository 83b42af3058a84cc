import { describe, expect, it } from 'vitest';
import { ZImpinjBatch, ZZebraBody, type TImpinjEvent, type TZebraEvent } from '@tagstock/contract';
import { normalizeImpinj, normalizeZebra, isZebraHeartbeat } from '../../../apps/api/src/modules/ingest/pipeline';
import {
  aliveBody,
  batchByTime,
  crossingReads,
  defaultIdentity,
  demoEpc,
  dwellReads,
  impinjAntennaEvent,
  impinjBatch,
  impinjOverflowEvent,
  impinjTimestamp,
  nonGs1Epcs,
  strayReads,
  vendorBatch,
  zebraBatch,
  zebraHeartbeat,
  zebraTimestamp,
} from './payloads';

const id = defaultIdentity(42);
const at = new Date('2024-03-12T09:15:02.114Z');
const epc = demoEpc(1);

const impinj = (body: unknown) => normalizeImpinj(ZImpinjBatch.parse(body) as TImpinjEvent[]);
const zebra = (body: unknown) => normalizeZebra([ZZebraBody.parse(body) as TZebraEvent | TZebraEvent[]].flat());

describe('Impinj payloads', () => {
  it('writes timestamps with microseconds and the EPC in base64 by default', () => {
    expect(impinjTimestamp(at, 538)).toBe('2024-03-12T09:15:02.114538Z');
    const [e] = impinjBatch([{ epc, antenna: 1, rssi: -53.5, at }], id);
    expect(e!.tagInventoryEvent).toMatchObject({ epc: 'MDQCQiAdjEAAAAAB', antennaPort: 1, peakRssiCdbm: -5350 });
  });

  it('parses with the contract schema and normalizes to the same reads (base64 and hex)', () => {
    const reads = dwellReads(epc, 2, at, 4, 100, -55);
    for (const encoding of ['base64', 'hex'] as const) {
      const out = impinj(impinjBatch(reads, id, encoding));
      expect(out.errors).toEqual([]);
      expect(out.reads.map((r) => [r.epc, r.antenna, r.seenAt.toISOString()])).toEqual(
        reads.map((r) => [epc, 2, r.at.toISOString()]),
      );
      expect(out.reads[0]!.rssi).toBe(reads[0]!.rssi);
      expect(new Set(out.reads.map((r) => r.eventKey)).size).toBe(4);
    }
  });

  it('status events and the idle batch parse and carry no reads', () => {
    const body = [
      impinjOverflowEvent(at, id),
      impinjAntennaEvent('antennaDisconnected', 3, at, id),
      impinjAntennaEvent('antennaConnected', 3, at, id),
    ];
    expect(impinj(body)).toEqual({ reads: [], errors: [] });
    expect(impinj(aliveBody('impinj', at))).toEqual({ reads: [], errors: [] });
  });

  it('the same read encoded twice has the same idempotency key', () => {
    const r = { epc, antenna: 1, rssi: -50, at, micros: 7 };
    expect(impinj(impinjBatch([r], id))).toEqual(impinj(impinjBatch([r], id)));
  });
});

describe('Zebra payloads', () => {
  it('uses the +0000 offset, lower-case idHex and numbers events from the given eventNum', () => {
    expect(zebraTimestamp(at)).toBe('2024-03-12T09:15:02.114+0000');
    const events = zebraBatch(crossingReads(epc, 1, 2, at), 4711, id);
    expect(events.map((e) => e.data.eventNum)).toEqual([4711, 4712, 4713, 4714, 4715, 4716]);
    expect(events[0]).toMatchObject({ type: 'SIMPLE', data: { idHex: epc.toLowerCase(), MAC: id.mac, reads: 1 } });
  });

  it('parses with the contract schema and normalizes, one object or an array', () => {
    const reads = crossingReads(epc, 1, 2, at);
    const out = zebra(zebraBatch(reads, 1, id));
    expect(out.errors).toEqual([]);
    expect(out.reads.map((r) => [r.antenna, r.eventKey])).toEqual(reads.map((r, i) => [r.antenna, `zebra:${i + 1}`]));
    const one = vendorBatch('zebra', reads.slice(0, 1), { id, firstEventNum: 9 });
    expect(Array.isArray(one.body)).toBe(false);
    expect(one.nextEventNum).toBe(10);
    expect(zebra(one.body).reads).toHaveLength(1);
  });

  it('heartbeats are management events with no reads', () => {
    const hb = zebraHeartbeat(at);
    expect(isZebraHeartbeat(ZZebraBody.parse(hb) as TZebraEvent)).toBe(true);
    expect(zebra(hb)).toEqual({ reads: [], errors: [] });
    expect(zebra([hb, ...zebraBatch(strayReads(epc, 2, at), 1, id)]).reads).toHaveLength(3);
  });
});

describe('read patterns', () => {
  it('a walk-out is inner reads, then outer reads after them', () => {
    const reads = crossingReads(epc, 1, 2, at);
    const lastInner = Math.max(...reads.filter((r) => r.antenna === 1).map((r) => r.at.getTime()));
    const firstOuter = Math.min(...reads.filter((r) => r.antenna === 2).map((r) => r.at.getTime()));
    expect(firstOuter).toBeGreaterThan(lastInner);
  });

  it('stray reads are weak', () => {
    expect(strayReads(epc, 1, at).every((r) => r.rssi <= -70)).toBe(true);
  });

  it('non-GS1 EPCs go through both vendors as hex', () => {
    const reads = nonGs1Epcs.map((e) => ({ epc: e, antenna: 1, rssi: -50, at }));
    expect(impinj(impinjBatch(reads, id)).reads.map((r) => r.epc)).toEqual(nonGs1Epcs);
    expect(zebra(zebraBatch(reads, 1, id)).reads.map((r) => r.epc)).toEqual(nonGs1Epcs);
  });

  it('batches by time window, in order', () => {
    const reads = dwellReads(epc, 1, at, 10, 100);
    const batches = batchByTime([...reads].reverse(), 250);
    expect(batches.flat().map((r) => r.at.getTime())).toEqual(reads.map((r) => r.at.getTime()));
    expect(batches.map((b) => b.length)).toEqual([3, 3, 3, 1]);
  });
});
