import { describe, expect, it } from 'vitest';
import { ZImpinjBatch, ZZebraBody, type TImpinjEvent, type TZebraEvent } from '@tagstock/contract';
import { attributionAuthorizer, authorizeExits, verdict, type ExitAuthorizer } from './authorization';
import { impinjBatch, zebraBatch, zebraHeartbeat } from './fixtures';
import {
  decide,
  foldRead,
  normalizeImpinj,
  planBatch,
  normalizeZebra,
  parseTimestamp,
  presenceKey,
  withinClock,
  type Presence,
  type Read,
  type ReaderShape,
} from './pipeline';

const SGTIN = '3074257BF7194E4000001A85';
const read = (antenna: number, seconds: number, epc = SGTIN): Read => ({
  antenna,
  epc,
  rssi: null,
  seenAt: new Date(Date.UTC(2024, 2, 12, 9, 0, seconds)),
  eventKey: `k${antenna}-${seconds}`,
});

describe('normalizers', () => {
  it('reads the Impinj webhook: base64 and hex EPCs, cdBm RSSI, non-tag events ignored', () => {
    const body = ZImpinjBatch.parse(impinjBatch);
    const { reads, errors } = normalizeImpinj(body);
    expect(errors).toEqual([]);
    expect(reads).toHaveLength(3);
    expect(reads[0]).toMatchObject({ antenna: 1, epc: SGTIN, rssi: -53.5 });
    expect(reads[0]!.seenAt.toISOString()).toBe('2024-03-12T09:15:02.114Z');
    expect(reads[2]).toMatchObject({ antenna: 2, epc: 'E2801160600002084A2F1B7C', rssi: -61 });
    // The key is a hash of hostname, timestamp, EPC and antenna: stable across retries, distinct per read.
    expect(normalizeImpinj(body).reads.map((r) => r.eventKey)).toEqual(reads.map((r) => r.eventKey));
    expect(new Set(reads.map((r) => r.eventKey)).size).toBe(3);
    expect(normalizeImpinj([])).toEqual({ reads: [], errors: [] });
  });

  it('reports malformed Impinj reads with their place', () => {
    const bad = [
      {
        timestamp: 'yesterday',
        eventType: 'tagInventory',
        tagInventoryEvent: { epc: 'MHQle/cZTkAAABqF', antennaPort: 1 },
      },
      {
        timestamp: '2024-03-12T09:15:02Z',
        eventType: 'tagInventory',
        tagInventoryEvent: { epc: '***', antennaPort: 1 },
      },
      { timestamp: '2024-03-12T09:15:02Z', eventType: 'tagInventory', tagInventoryEvent: { epcHex: '3074' } },
      { timestamp: '2024-03-12T09:15:02Z', eventType: 'tagInventory' },
    ] as TImpinjEvent[];
    expect(normalizeImpinj(bad).errors.map((e) => e.field)).toEqual([
      '0.timestamp',
      '1.tagInventoryEvent.epc',
      '2.tagInventoryEvent.antennaPort',
      '3.tagInventoryEvent',
    ]);
    expect(normalizeImpinj(bad).reads).toEqual([]);
  });

  it('reads the Zebra IoT Connector body: +0000 timestamps, eventNum keys, heartbeats carry no reads', () => {
    const body = [ZZebraBody.parse(zebraBatch)].flat() as TZebraEvent[];
    const { reads, errors } = normalizeZebra(body);
    expect(errors).toEqual([]);
    expect(reads.map((r) => [r.antenna, r.epc, r.rssi, r.eventKey])).toEqual([
      [1, SGTIN, -54, 'zebra:4711'],
      [2, SGTIN, -58, 'zebra:4712'],
    ]);
    expect(reads[0]!.seenAt.toISOString()).toBe('2024-03-12T09:15:02.114Z');
    expect(normalizeZebra([ZZebraBody.parse(zebraHeartbeat) as TZebraEvent])).toEqual({ reads: [], errors: [] });
    const bad = normalizeZebra([
      { type: 'SIMPLE', timestamp: '2024-03-12T09:15:02+0000', data: { idHex: 'zz', antenna: 0 } },
    ]);
    expect(bad.errors.map((e) => e.field)).toEqual(['0.data.idHex', '0.data.antenna']);
  });

  it('parses vendor timestamps', () => {
    expect(parseTimestamp('2024-03-12T09:15:02.114+0000')?.toISOString()).toBe('2024-03-12T09:15:02.114Z');
    expect(parseTimestamp('2024-03-12T11:15:02+02:00')?.toISOString()).toBe('2024-03-12T09:15:02.000Z');
    expect(parseTimestamp('2024-03-12 09:15')).toBeNull();
    expect(parseTimestamp('2024-13-45T99:99:99Z')).toBeNull();
  });
});

describe('de-duplication', () => {
  it('keeps a tag sitting in the field as one presence, and starts a new one after the window', () => {
    const state = new Map<string, Presence>();
    const window = 30_000;
    const starts = [0, 1, 2, 20, 45, 70, 101].map((s) => foldRead(state, read(1, s), window));
    // 0..70 are each within 30 s of the previous read; 101 is 31 s after 70.
    expect(starts).toEqual([true, false, false, false, false, false, true]);
    expect(state.get(presenceKey(1, SGTIN))!.firstSeenAt.getUTCSeconds()).toBe(41); // 101 s = 1 min 41 s
    // Other antennas and other EPCs are other presences.
    expect(foldRead(state, read(2, 101), window)).toBe(true);
    expect(foldRead(state, read(1, 101, 'E2801160600002084A2F1B7C'), window)).toBe(true);
    // A late read, older than the current presence, changes nothing.
    expect(foldRead(state, read(1, 5), window)).toBe(false);
  });
});

describe('direction', () => {
  const gate: ReaderShape = {
    role: 'exit_gate',
    antennas: [
      { port: 1, side: 'inner' },
      { port: 2, side: 'outer' },
      { port: 3, side: 'none' },
    ],
    directionWindowMs: 10_000,
  };
  const pendingOn = (antenna: number, seconds: number): Map<string, Presence> => {
    const state = new Map<string, Presence>();
    foldRead(state, read(antenna, seconds), 30_000);
    const p = state.get(presenceKey(antenna, SGTIN))!;
    p.movementId = 7;
    p.movementType = 'unknown';
    return state;
  };

  it('inner then outer is OUT, outer then inner is IN, within the window', () => {
    expect(decide(gate, pendingOn(1, 0), read(2, 3))).toEqual({ kind: 'passage', eventType: 'OUT', movementId: 7 });
    expect(decide(gate, pendingOn(2, 0), read(1, 3))).toEqual({ kind: 'passage', eventType: 'IN', movementId: 7 });
  });

  it('one side alone, or the other side too late, is unknown', () => {
    expect(decide(gate, new Map(), read(1, 0))).toEqual({ kind: 'new', eventType: 'unknown' });
    expect(decide(gate, pendingOn(1, 0), read(2, 11))).toEqual({ kind: 'new', eventType: 'unknown' });
    // A passage already decided is not decided again.
    const decided = pendingOn(1, 0);
    decided.get(presenceKey(1, SGTIN))!.movementType = 'OUT';
    expect(decide(gate, decided, read(2, 3))).toEqual({ kind: 'new', eventType: 'unknown' });
  });

  it('storage readers and antennas without a side see; receiving readers take IN', () => {
    expect(decide(gate, new Map(), read(3, 0))).toEqual({ kind: 'new', eventType: 'seen' });
    expect(decide({ ...gate, role: 'storage' }, new Map(), read(1, 0))).toEqual({ kind: 'new', eventType: 'seen' });
    expect(decide({ ...gate, role: 'receiving' }, new Map(), read(2, 0))).toEqual({ kind: 'new', eventType: 'IN' });
  });
});

describe('exit authorization verdict', () => {
  const other: ExitAuthorizer = {
    name: 'output',
    rank: 10,
    missing: 'no open stock output',
    covers: async (_tx, exits) => exits.map(() => null),
  };
  it('authorizes on the first cover and lists what was missing otherwise', () => {
    expect(verdict([{ authorizer: attributionAuthorizer, cover: 'Atelier' }])).toEqual({
      isAuthorized: true,
      message: 'Authorized: attributed to Atelier',
      reason: { code: 'authorized', params: { by: 'attribution', cover: 'Atelier' } },
    });
    expect(
      verdict([
        { authorizer: attributionAuthorizer, cover: null },
        { authorizer: other, cover: null },
      ]),
    ).toEqual({
      isAuthorized: false,
      message: 'No active attribution of this tag, its article or its category; no open stock output',
      reason: { code: 'not_covered', params: { missing: ['attribution', 'output'] } },
    });
  });
});

describe('batch planning', () => {
  const gate: ReaderShape = {
    role: 'exit_gate',
    antennas: [
      { port: 1, side: 'inner' },
      { port: 2, side: 'outer' },
    ],
    directionWindowMs: 10_000,
  };
  const OTHER = 'E2801160600002084A2F1B7C';
  const batch = [read(1, 0), read(1, 1), read(1, 2, OTHER), read(1, 2), read(2, 4), read(2, 5)];

  it('decides a walk-out within one batch as one movement, created then decided', () => {
    const state = new Map<string, Presence>();
    const plan = planBatch(gate, state, batch, 30_000);
    expect(plan.steps.map((s) => [s.read.epc, s.eventType, s.movementId, s.created])).toEqual([
      [SGTIN, 'unknown', -1, true],
      [OTHER, 'unknown', -2, true],
      [SGTIN, 'OUT', -1, false],
    ]);
    expect(plan.created).toBe(2);
    expect(plan.duplicates).toBe(0);
    expect(plan.changed).toHaveLength(3);
    // Both sides of the walk-out now point at the decided movement.
    expect(state.get(presenceKey(1, SGTIN))).toMatchObject({ movementId: -1, movementType: 'OUT' });
    expect(state.get(presenceKey(2, SGTIN))).toMatchObject({ movementId: -1, movementType: 'OUT' });
  });

  it('changes nothing when the same batch (or part of it, in any order) comes again', () => {
    const state = new Map<string, Presence>();
    planBatch(gate, state, batch, 30_000);
    const again = planBatch(gate, state, [...batch].reverse().slice(1), 30_000);
    expect(again).toEqual({ steps: [], created: 0, changed: [], duplicates: 5 });
  });

  it('extends a dwelling presence without a movement, and counts the extension as news', () => {
    const state = new Map<string, Presence>();
    planBatch(gate, state, [read(1, 0)], 30_000);
    const next = planBatch(gate, state, [read(1, 10), read(1, 10), read(1, 5)], 30_000);
    expect(next.steps).toEqual([]);
    expect(next.duplicates).toBe(2);
    expect(next.changed).toHaveLength(1);
    expect(next.changed[0]!.lastSeenAt.getUTCSeconds()).toBe(10);
  });

  it('decides the pending movement of an earlier batch', () => {
    const state = new Map<string, Presence>();
    planBatch(gate, state, [read(1, 0)], 30_000);
    state.get(presenceKey(1, SGTIN))!.movementId = 42; // as stored
    const next = planBatch(gate, state, [read(2, 3)], 30_000);
    expect(next.steps.map((s) => [s.eventType, s.movementId, s.created])).toEqual([['OUT', 42, false]]);
    expect(next.created).toBe(0);
  });
});

describe('exit authorization of a batch', () => {
  const exit = (tagId: number) => ({ tenantId: 1, tagId, articleId: null, categoryId: null, at: new Date() });
  it('asks each authorizer only about the exits that no earlier one covered', async () => {
    const asked: number[][] = [];
    const first: ExitAuthorizer = {
      name: 'first',
      rank: 1,
      missing: 'no first',
      covers: async (_tx, exits) => {
        asked.push(exits.map((e) => e.tagId));
        return exits.map((e) => (e.tagId === 2 ? 'first covers 2' : null));
      },
    };
    const second: ExitAuthorizer = {
      name: 'second',
      rank: 2,
      missing: 'no second',
      covers: async (_tx, exits) => {
        asked.push(exits.map((e) => e.tagId));
        return exits.map((e) => (e.tagId === 3 ? 'second covers 3' : null));
      },
    };
    const verdicts = await authorizeExits(undefined as never, [exit(1), exit(2), exit(3)], [first, second]);
    expect(asked).toEqual([
      [1, 2, 3],
      [1, 3],
    ]);
    expect(verdicts).toEqual([
      {
        isAuthorized: false,
        message: 'No first; no second',
        reason: { code: 'not_covered', params: { missing: ['first', 'second'] } },
      },
      {
        isAuthorized: true,
        message: 'Authorized: first covers 2',
        reason: { code: 'authorized', params: { by: 'first', cover: 'first covers 2' } },
      },
      {
        isAuthorized: true,
        message: 'Authorized: second covers 3',
        reason: { code: 'authorized', params: { by: 'second', cover: 'second covers 3' } },
      },
    ]);
  });
});

describe('withinClock', () => {
  it('keeps reads up to 5 minutes ahead and within the given age, and counts the others', () => {
    const now = new Date('2024-03-12T09:15:00Z');
    const at = (iso: string) => ({ antenna: 1, epc: 'AA', rssi: null, seenAt: new Date(iso), eventKey: iso });
    const reads = [
      at('2024-03-12T09:19:59Z'),
      at('2024-03-12T09:20:01Z'),
      at('2999-01-01T00:00:00Z'),
      at('2024-03-10T09:15:01Z'),
      at('2024-03-10T09:14:59Z'),
    ];
    const { reads: kept, rejected } = withinClock(reads, now, 48 * 3_600_000);
    expect(kept.map((r) => r.eventKey)).toEqual(['2024-03-12T09:19:59Z', '2024-03-10T09:15:01Z']);
    expect(rejected).toBe(3);
  });
});
