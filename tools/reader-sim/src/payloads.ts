/**
 * Vendor payloads exactly as the readers send them, built from plain reads. Pure functions: the caller keeps
 * the reader's own counters (Zebra `eventNum`) and clock, so a retried batch is byte-for-byte the same.
 * Shapes follow apps/api/src/modules/ingest/fixtures.ts (Impinj IoT device interface, Zebra IoT Connector).
 */

export type Vendor = 'impinj' | 'zebra';

/** One tag read as the radio saw it. */
export type SimRead = {
  /** EPC, upper-case hex. */
  epc: string;
  antenna: number;
  /** dBm, e.g. -55. */
  rssi: number;
  at: Date;
  /** Sub-millisecond part (0–999), so that two reads in the same millisecond stay two Impinj events. */
  micros?: number;
};

export type ImpinjEvent = {
  timestamp: string;
  hostname: string;
  eventType: string;
  tagInventoryEvent?: {
    epc?: string;
    epcHex?: string;
    antennaPort: number;
    antennaName: string;
    peakRssiCdbm: number;
    frequency?: number;
    transmitPowerCbm?: number;
    lastSeenTime?: string;
  };
  antennaConnectedEvent?: { antennaPort: number; antennaName: string };
  antennaDisconnectedEvent?: { antennaPort: number; antennaName: string };
  overflowEvent?: Record<string, never>;
};

export type ZebraEvent = {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
};

export type ReaderIdentity = {
  /** Impinj `hostname`. */
  hostname: string;
  /** Zebra `data.MAC`. */
  mac: string;
};

export const defaultIdentity = (readerId: number | string): ReaderIdentity => {
  const n = Number(readerId) || 0;
  const hex = (v: number) => (v & 0xff).toString(16).padStart(2, '0');
  return {
    hostname: `impinj-14-${hex(n >> 8)}-${hex(n)}`,
    mac: `84:24:8D:EE:${hex(n >> 8).toUpperCase()}:${hex(n).toUpperCase()}`,
  };
};

const CHANNELS_KHZ = [865700, 866300, 866900, 867500];

/** `2024-03-12T09:15:02.114538Z`: Impinj gives microseconds. */
export function impinjTimestamp(at: Date, micros = 0): string {
  return at.toISOString().replace('Z', `${String(Math.trunc(micros) % 1000).padStart(3, '0')}Z`);
}

/** `2024-03-12T09:15:02.114+0000`: the Zebra IoT Connector's offset has no colon. */
export function zebraTimestamp(at: Date): string {
  return at.toISOString().replace('Z', '+0000');
}

export const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/** One `tagInventory` event; the EPC in base64 (the reader's default) or hex (`epcHex`, when enabled). */
export function impinjTagEvent(read: SimRead, id: ReaderIdentity, encoding: 'base64' | 'hex' = 'base64'): ImpinjEvent {
  const timestamp = impinjTimestamp(read.at, read.micros);
  const channel = CHANNELS_KHZ[(read.at.getTime() + read.antenna) % CHANNELS_KHZ.length]!;
  return {
    timestamp,
    hostname: id.hostname,
    eventType: 'tagInventory',
    tagInventoryEvent: {
      ...(encoding === 'base64' ? { epc: hexToBase64(read.epc) } : { epcHex: read.epc }),
      antennaPort: read.antenna,
      antennaName: `Antenna ${read.antenna}`,
      peakRssiCdbm: Math.round(read.rssi * 100),
      frequency: channel,
      transmitPowerCbm: 3000,
      lastSeenTime: timestamp,
    },
  };
}

export function impinjAntennaEvent(
  kind: 'antennaConnected' | 'antennaDisconnected',
  port: number,
  at: Date,
  id: ReaderIdentity,
): ImpinjEvent {
  const body = { antennaPort: port, antennaName: `Antenna ${port}` };
  return {
    timestamp: impinjTimestamp(at),
    hostname: id.hostname,
    eventType: kind,
    ...(kind === 'antennaConnected' ? { antennaConnectedEvent: body } : { antennaDisconnectedEvent: body }),
  };
}

/** The reader's buffer overflowed: some reads were dropped on the reader. */
export function impinjOverflowEvent(at: Date, id: ReaderIdentity): ImpinjEvent {
  return { timestamp: impinjTimestamp(at), hostname: id.hostname, eventType: 'overflow', overflowEvent: {} };
}

/** A webhook batch (a JSON array); an idle reader posts `[]`. */
export function impinjBatch(
  reads: SimRead[],
  id: ReaderIdentity,
  encoding: 'base64' | 'hex' = 'base64',
): ImpinjEvent[] {
  return reads.map((r) => impinjTagEvent(r, id, encoding));
}

/** One tag data event; `eventNum` is the reader's own sequence number. */
export function zebraTagEvent(read: SimRead, eventNum: number, id: ReaderIdentity, reads = 1): ZebraEvent {
  return {
    data: {
      eventNum,
      format: 'epc',
      idHex: read.epc.toLowerCase(),
      antenna: read.antenna,
      peakRssi: Math.round(read.rssi),
      reads,
      channel: CHANNELS_KHZ[(read.at.getTime() + read.antenna) % CHANNELS_KHZ.length]! / 1000,
      MAC: id.mac,
    },
    timestamp: zebraTimestamp(read.at),
    type: 'SIMPLE',
  } as ZebraEvent;
}

/** Tag data events numbered from `firstEventNum`; the next number to use is `firstEventNum + reads.length`. */
export function zebraBatch(reads: SimRead[], firstEventNum: number, id: ReaderIdentity): ZebraEvent[] {
  return reads.map((r, i) => zebraTagEvent(r, firstEventNum + i, id));
}

/** The management heartbeat the IoT Connector posts on its management events interface. */
export function zebraHeartbeat(at: Date, uptimeSeconds = 3600): ZebraEvent {
  return {
    data: {
      radioConnection: 'connected',
      system: {
        cpu: { system: 12, user: 8 },
        flash: { rootFileSystem: 45 },
        ram: { free: 123456, total: 262144 },
        uptime: uptimeSeconds,
      },
      userapps: [],
    },
    timestamp: zebraTimestamp(at),
    type: 'heartbeat',
  };
}

/** Either vendor's body for a batch of reads (Zebra: an array; one read alone is sent as one object). */
export function vendorBatch(
  vendor: Vendor,
  reads: SimRead[],
  opts: { id: ReaderIdentity; firstEventNum: number; encoding?: 'base64' | 'hex' },
): { body: ImpinjEvent[] | ZebraEvent[] | ZebraEvent; nextEventNum: number } {
  if (vendor === 'impinj')
    return { body: impinjBatch(reads, opts.id, opts.encoding), nextEventNum: opts.firstEventNum };
  const events = zebraBatch(reads, opts.firstEventNum, opts.id);
  return { body: events.length === 1 ? events[0]! : events, nextEventNum: opts.firstEventNum + reads.length };
}

/** What an idle reader sends to say it is alive: Impinj an empty batch, Zebra a heartbeat. */
export function aliveBody(vendor: Vendor, at: Date): ImpinjEvent[] | ZebraEvent {
  return vendor === 'impinj' ? [] : zebraHeartbeat(at);
}

// Read patterns. All take their clock as an argument.

/** `count` reads of one tag sitting on one antenna, every `everyMs`, RSSI wobbling around `rssi`. */
export function dwellReads(
  epc: string,
  antenna: number,
  start: Date,
  count: number,
  everyMs = 100,
  rssi = -55,
): SimRead[] {
  return Array.from({ length: count }, (_, i) => ({
    epc,
    antenna,
    rssi: rssi + ((i * 7) % 5) - 2,
    at: new Date(start.getTime() + i * everyMs),
  }));
}

/**
 * A tag carried through a two-antenna gate: reads on `from`, then on `to` `gapMs` later. Inner → outer is a
 * walk-out, outer → inner a walk-in.
 */
export function crossingReads(
  epc: string,
  from: number,
  to: number,
  start: Date,
  opts: { readsPerSide?: number; everyMs?: number; gapMs?: number } = {},
): SimRead[] {
  const n = opts.readsPerSide ?? 3;
  const every = opts.everyMs ?? 60;
  const gap = opts.gapMs ?? 400;
  const first = dwellReads(epc, from, start, n, every, -50);
  const second = dwellReads(epc, to, new Date(start.getTime() + (n - 1) * every + gap), n, every, -52);
  return [...first, ...second];
}

/** Reads at the edge of the field (reflections, a tag on the next aisle): very low RSSI. */
export function strayReads(epc: string, antenna: number, start: Date, count = 3): SimRead[] {
  return dwellReads(epc, antenna, start, count, 250, -78);
}

/** A serial-numbered GS1 SGTIN-96 EPC of the demo catalogue's company prefix (the seeded tags' pattern). */
export const demoEpc = (serial: number) => `30340242201D8C4${String(serial).padStart(9, '0')}`;

/** Non-GS1 EPCs as met in the field: a TID-like E280… chip serial, a 128-bit EPC, a short 64-bit one. */
export const nonGs1Epcs = ['E2801160600002084A2F1B7C', 'AD1100000000000000000000DEADBEEF', '0000000000001234'];

/** Splits reads into batches by time: one batch per `intervalMs` window, in time order. */
export function batchByTime(reads: SimRead[], intervalMs: number): SimRead[][] {
  const sorted = [...reads].sort((a, b) => a.at.getTime() - b.at.getTime());
  const out: SimRead[][] = [];
  let current: SimRead[] = [];
  let windowEnd = -Infinity;
  for (const r of sorted) {
    if (r.at.getTime() >= windowEnd) {
      if (current.length) out.push(current);
      current = [];
      windowEnd = r.at.getTime() + intervalMs;
    }
    current.push(r);
  }
  if (current.length) out.push(current);
  return out;
}
