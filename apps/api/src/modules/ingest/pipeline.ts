import { createHash } from 'node:crypto';
import type { TAntenna, TImpinjEvent, TTagEventType, TZebraEvent } from '@tagstock/contract';
import type { FieldError } from '../../platform/errors';
import { epcToHex } from '../rfid/epc';

/** One tag read, whatever the vendor: the only shape the rest of the pipeline knows. */
export type Read = {
  antenna: number;
  epc: string;
  /** dBm */
  rssi: number | null;
  seenAt: Date;
  /** Idempotency key of the vendor event this read came from. */
  eventKey: string;
};

export type Normalized = { reads: Read[]; errors: FieldError[] };

/** Vendor timestamps: ISO-8601, also with the `+0000` offset the Zebra IoT Connector sends. */
export function parseTimestamp(value: string): Date | null {
  const iso = value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(iso)) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

const sha256 = (parts: (string | number)[]) => createHash('sha256').update(parts.join('|')).digest('hex');

/**
 * Impinj IoT device interface webhook → reads. Only `tagInventory` events carry reads; antenna, overflow
 * and status events (and the empty batch of an idle reader) only prove the reader is alive.
 * The EPC is base64 (`epc`) by default, hex (`epcHex`) when enabled; RSSI comes in cdBm.
 */
export function normalizeImpinj(events: TImpinjEvent[]): Normalized {
  const reads: Read[] = [];
  const errors: FieldError[] = [];
  events.forEach((e, i) => {
    if (e.eventType !== 'tagInventory') return;
    const t = e.tagInventoryEvent;
    const at = parseTimestamp(e.timestamp);
    if (!at) errors.push({ field: `${i}.timestamp`, message: 'not an ISO-8601 timestamp' });
    if (!t) {
      errors.push({ field: `${i}.tagInventoryEvent`, message: 'required for a tagInventory event' });
      return;
    }
    const epc =
      t.epcHex !== undefined ? epcToHex(t.epcHex, 'hex') : t.epc !== undefined ? epcToHex(t.epc, 'base64') : null;
    if (!epc) errors.push({ field: `${i}.tagInventoryEvent.epc`, message: 'missing or not a valid EPC' });
    if (t.antennaPort === undefined) errors.push({ field: `${i}.tagInventoryEvent.antennaPort`, message: 'required' });
    if (!at || !epc || t.antennaPort === undefined) return;
    reads.push({
      antenna: t.antennaPort,
      epc,
      rssi: t.peakRssiCdbm === undefined ? null : t.peakRssiCdbm / 100,
      seenAt: at,
      // Impinj events carry no sequence number: the event itself is the key.
      eventKey: `impinj:${sha256([e.hostname ?? '', e.timestamp, epc, t.antennaPort])}`,
    });
  });
  return { reads, errors };
}

export const isZebraHeartbeat = (e: TZebraEvent) => e.type.toLowerCase() === 'heartbeat';

/**
 * Zebra IoT Connector HTTP POST → reads: tag data events carry `data.idHex`; management events
 * (heartbeat…) carry none. `eventNum` is the reader's own sequence number, the natural idempotency key.
 */
export function normalizeZebra(events: TZebraEvent[]): Normalized {
  const reads: Read[] = [];
  const errors: FieldError[] = [];
  events.forEach((e, i) => {
    if (isZebraHeartbeat(e) || e.data?.idHex === undefined) return;
    const d = e.data;
    const at = parseTimestamp(e.timestamp);
    const epc = epcToHex(d.idHex!, 'hex');
    if (!at) errors.push({ field: `${i}.timestamp`, message: 'not an ISO-8601 timestamp' });
    if (!epc) errors.push({ field: `${i}.data.idHex`, message: 'not a valid EPC' });
    if (d.antenna === undefined || d.antenna < 1)
      errors.push({ field: `${i}.data.antenna`, message: 'required, from 1' });
    if (!at || !epc || d.antenna === undefined || d.antenna < 1) return;
    reads.push({
      antenna: d.antenna,
      epc,
      rssi: d.peakRssi ?? null,
      seenAt: at,
      eventKey:
        d.eventNum !== undefined
          ? `zebra:${d.eventNum}`
          : `zebra:${sha256([d.MAC ?? '', e.timestamp, epc, d.antenna])}`,
    });
  });
  return { reads, errors };
}

/** How far ahead of the server's clock a read may be stamped: readers' clocks drift by seconds, not minutes. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/**
 * Drops the reads stamped too far in the future or older than `maxAgeMs`, and counts them. A single read from
 * a reader with a bad clock (2999-01-01) would otherwise extend its presence forever and make every later real
 * read of that tag a duplicate; a read older than the idempotency keys may be a replay. The good reads of the
 * same batch are kept: a reader with a bad clock loses only its bad reads.
 */
export function withinClock(reads: Read[], now: Date, maxAgeMs: number): { reads: Read[]; rejected: number } {
  const latest = now.getTime() + MAX_CLOCK_AHEAD_MS;
  const earliest = now.getTime() - maxAgeMs;
  const kept = reads.filter((r) => r.seenAt.getTime() <= latest && r.seenAt.getTime() >= earliest);
  return { reads: kept, rejected: reads.length - kept.length };
}

/** De-duplication state of one (antenna, EPC) of a reader. */
export type Presence = {
  antenna: number;
  epc: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  movementId: number | null;
  movementType: TTagEventType | null;
};
export const presenceKey = (antenna: number, epc: string) => `${antenna}|${epc}`;

/**
 * Folds one read into the presence state: a read within `windowMs` of the last one on the same antenna is
 * the same presence (a tag sitting in the field for minutes is one presence, not thousands of movements).
 * Returns true when the read starts a new presence. Mutates `state`.
 */
export function foldRead(state: Map<string, Presence>, read: Read, windowMs: number): boolean {
  const key = presenceKey(read.antenna, read.epc);
  const prev = state.get(key);
  if (prev && Math.abs(read.seenAt.getTime() - prev.lastSeenAt.getTime()) <= windowMs) {
    if (read.seenAt > prev.lastSeenAt) prev.lastSeenAt = read.seenAt;
    return false;
  }
  if (prev && read.seenAt < prev.lastSeenAt) return false; // a late read of an older presence
  state.set(key, {
    antenna: read.antenna,
    epc: read.epc,
    firstSeenAt: read.seenAt,
    lastSeenAt: read.seenAt,
    movementId: null,
    movementType: null,
  });
  return true;
}

export type ReaderShape = {
  role: 'exit_gate' | 'storage' | 'receiving';
  antennas: TAntenna[];
  directionWindowMs: number;
};

export type Decision =
  | { kind: 'new'; eventType: TTagEventType }
  /** The pending 'unknown' movement of the other side becomes this passage. */
  | { kind: 'passage'; eventType: 'IN' | 'OUT'; movementId: number };

export const sideOf = (reader: ReaderShape, antenna: number) =>
  reader.antennas.find((a) => a.port === antenna)?.side ?? 'none';

/**
 * What a new presence means. At an exit gate, outer then inner within the direction window is IN, inner
 * then outer is OUT; the first side alone is recorded as 'unknown' and becomes the passage when the other
 * side follows. A receiving reader records IN, a storage reader (or an antenna without a side) 'seen'.
 */
export function decide(reader: ReaderShape, state: Map<string, Presence>, read: Read): Decision {
  if (reader.role === 'receiving') return { kind: 'new', eventType: 'IN' };
  const side = sideOf(reader, read.antenna);
  if (reader.role !== 'exit_gate' || side === 'none') return { kind: 'new', eventType: 'seen' };
  const other = side === 'inner' ? 'outer' : 'inner';
  let pending: Presence | undefined;
  for (const a of reader.antennas) {
    if (a.side !== other) continue;
    const p = state.get(presenceKey(a.port, read.epc));
    if (!p || p.movementType !== 'unknown' || p.movementId === null) continue;
    const gap = read.seenAt.getTime() - p.lastSeenAt.getTime();
    if (gap >= 0 && gap <= reader.directionWindowMs && (!pending || p.lastSeenAt > pending.lastSeenAt)) pending = p;
  }
  if (!pending) return { kind: 'new', eventType: 'unknown' };
  return { kind: 'passage', eventType: side === 'inner' ? 'IN' : 'OUT', movementId: pending.movementId! };
}

/**
 * One read that started a presence, and what it decided. A negative `movementId` names a movement this batch
 * creates (−1, −2, … in order of creation); a positive one, a movement of an earlier batch.
 */
export type Step = { read: Read; eventType: TTagEventType; movementId: number; created: boolean };

export type Plan = {
  steps: Step[];
  /** Number of movements this batch creates. */
  created: number;
  /** Presences that this batch started or extended: the state to write back. */
  changed: Presence[];
  /** Reads that brought nothing new: already received, or no later than what was known of their presence. */
  duplicates: number;
};

/**
 * Folds a batch of reads (sorted by time) into the presence state and decides, in memory, every movement it
 * makes. Mutates `state`. A retried read always lands inside or before what it already extended, so it
 * changes nothing: the presence state itself keeps a batch idempotent, whatever keys it carries.
 */
export function planBatch(shape: ReaderShape, state: Map<string, Presence>, reads: Read[], windowMs: number): Plan {
  const plan: Plan = { steps: [], created: 0, changed: [], duplicates: 0 };
  const changed = new Set<Presence>();
  for (const read of reads) {
    const key = presenceKey(read.antenna, read.epc);
    const before = state.get(key);
    const knownUntil = before?.lastSeenAt.getTime() ?? -Infinity;
    if (!foldRead(state, read, windowMs)) {
      if (read.seenAt.getTime() > knownUntil) changed.add(before!);
      else plan.duplicates += 1;
      continue;
    }
    const presence = state.get(key)!;
    changed.add(presence);
    const d = decide(shape, state, read);
    if (d.kind === 'new') {
      plan.created += 1;
      presence.movementId = -plan.created;
      presence.movementType = d.eventType;
      plan.steps.push({ read, eventType: d.eventType, movementId: -plan.created, created: true });
    } else {
      for (const p of state.values()) if (p.movementId === d.movementId) p.movementType = d.eventType;
      presence.movementId = d.movementId;
      presence.movementType = d.eventType;
      plan.steps.push({ read, eventType: d.eventType, movementId: d.movementId, created: false });
    }
  }
  plan.changed = [...changed];
  return plan;
}
