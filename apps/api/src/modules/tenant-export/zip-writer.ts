import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw } from 'node:zlib';

const deflated = promisify(deflateRaw);

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END_OF_CENTRAL = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** General purpose flags: names in UTF-8; bit 3 when the sizes and CRC follow the data (a streamed entry). */
const UTF8 = 0x0800;
const SIZES_AFTER = 0x0008;
const STORED = 0;
const DEFLATED = 8;
/** Made by Unix (for the file mode), version 2.0; 4.5 where a ZIP64 extra field is needed. */
const MADE_BY_UNIX = 3 << 8;
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** A regular file, rw-r--r--, in the external attributes' high half (Unix). */
const FILE_MODE = (0o100644 << 16) >>> 0;
/** Central directory records are gathered in blocks of this size: one buffer per block, not one per entry. */
const CENTRAL_BLOCK = 64 * 1024;

export type ZipEntryOptions = { date: Date; store?: boolean };

/** MS-DOS date and time (local time, two-second steps, from 1980), as ZIP headers hold them. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = d.getFullYear();
  if (year < 1980) return { time: 0, date: (1 << 5) | 1 };
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Resolves once `out` has room again; rejects if it closes first (the reader left). */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('zip output closed'));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * A ZIP archive written as a stream, one entry at a time, at its reader's pace: `add` resolves once the entry is
 * written, and writing waits whenever `output` is full (its reader is slower), so that what is read ahead of the
 * reader stays within a few buffers whatever the archive's size. What the archive keeps until its end is its
 * central directory, as bytes (about a hundred per entry), not as objects. ZIP64 records are written where offsets
 * or the number of entries need them; one entry is at most 4 GiB.
 */
export class ZipWriter {
  /** The archive's bytes: to be read (piped to the client). */
  readonly output: PassThrough;
  private offset = 0;
  private entries = 0;
  private readonly central: Buffer[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private busy = false;
  private finished = false;

  constructor(options: { highWaterMark?: number; level?: number } = {}) {
    this.output = new PassThrough({ highWaterMark: options.highWaterMark ?? 64 * 1024 });
    this.level = options.level ?? 6;
  }

  private readonly level: number;

  /** Bytes written so far. */
  get bytes(): number {
    return this.offset;
  }

  /** Writes `chunk`, then waits for room in the output if it is full. */
  private async put(chunk: Buffer): Promise<void> {
    if (this.output.destroyed) throw new Error('zip output closed');
    this.offset += chunk.length;
    if (!this.output.write(chunk)) await drained(this.output);
  }

  /**
   * Adds an entry: a buffer (its sizes and CRC in its header), or a stream (deflated unless `store`, its sizes and
   * CRC after its data), read at the output's pace. One entry at a time; stops at `signal`.
   */
  async add(name: string, source: Buffer | Readable, options: ZipEntryOptions, signal?: AbortSignal): Promise<void> {
    if (this.busy || this.finished) throw new Error('zip writer: one entry at a time, before finalize');
    this.busy = true;
    try {
      signal?.throwIfAborted();
      const nameBytes = Buffer.from(name, 'utf8');
      const { time, date } = dosDateTime(options.date);
      const headerOffset = this.offset;
      if (Buffer.isBuffer(source)) {
        const method = options.store ? STORED : DEFLATED;
        const data = method === STORED ? source : await deflated(source, { level: this.level });
        const crc = crc32(source);
        if (data.length > MAX32 || source.length > MAX32) throw new Error(`zip entry ${name} exceeds 4 GiB`);
        await this.put(localHeader(nameBytes, UTF8, method, time, date, crc, data.length, source.length));
        await this.put(data);
        this.record(nameBytes, UTF8, method, time, date, crc, data.length, source.length, headerOffset);
        return;
      }
      const method = options.store ? STORED : DEFLATED;
      const flags = UTF8 | SIZES_AFTER;
      await this.put(localHeader(nameBytes, flags, method, time, date, 0, 0, 0));
      let crc = 0;
      let size = 0;
      let compressed = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const sink = new Writable({
        write: (chunk: Buffer, _encoding, callback) => {
          compressed += chunk.length;
          this.put(chunk).then(() => callback(), callback);
        },
      });
      const steps = method === DEFLATED ? [measure, createDeflateRaw({ level: this.level }), sink] : [measure, sink];
      await (signal ? pipeline([source, ...steps], { signal }) : pipeline([source, ...steps]));
      if (size > MAX32 || compressed > MAX32) throw new Error(`zip entry ${name} exceeds 4 GiB`);
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      await this.put(descriptor);
      this.record(nameBytes, flags, method, time, date, crc, compressed, size, headerOffset);
    } finally {
      this.busy = false;
    }
  }

  /** Keeps the entry's central directory record, as bytes gathered in blocks. */
  private record(
    name: Buffer,
    flags: number,
    method: number,
    time: number,
    date: number,
    crc: number,
    compressed: number,
    size: number,
    headerOffset: number,
  ) {
    const zip64 = headerOffset >= MAX32;
    const record = Buffer.alloc(46 + name.length + (zip64 ? 12 : 0));
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(MADE_BY_UNIX | (zip64 ? VERSION_ZIP64 : VERSION), 4);
    record.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(compressed, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(zip64 ? 12 : 0, 30);
    // Comment length, disk number, internal attributes: 0.
    record.writeUInt32LE(FILE_MODE, 38);
    record.writeUInt32LE(zip64 ? MAX32 : headerOffset, 42);
    name.copy(record, 46);
    if (zip64) {
      const extra = 46 + name.length;
      record.writeUInt16LE(0x0001, extra);
      record.writeUInt16LE(8, extra + 2);
      record.writeBigUInt64LE(BigInt(headerOffset), extra + 4);
    }
    this.entries += 1;
    this.pending.push(record);
    this.pendingBytes += record.length;
    if (this.pendingBytes >= CENTRAL_BLOCK) this.flushPending();
  }

  private flushPending() {
    if (!this.pendingBytes) return;
    this.central.push(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Writes the central directory and its end, then ends the output. */
  async finalize(): Promise<void> {
    if (this.busy || this.finished) throw new Error('zip writer: finalize once, after the last entry');
    this.finished = true;
    this.flushPending();
    const start = this.offset;
    while (this.central.length) await this.put(this.central.shift()!);
    const length = this.offset - start;
    const zip64 = this.entries >= MAX16 || start >= MAX32 || length >= MAX32;
    if (zip64) {
      const end64At = this.offset;
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(ZIP64_END_OF_CENTRAL, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
      end64.writeUInt16LE(VERSION_ZIP64, 14);
      // This disk, the central directory's disk: 0.
      end64.writeBigUInt64LE(BigInt(this.entries), 24);
      end64.writeBigUInt64LE(BigInt(this.entries), 32);
      end64.writeBigUInt64LE(BigInt(length), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      await this.put(end64);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_LOCATOR, 0);
      locator.writeBigUInt64LE(BigInt(end64At), 8);
      locator.writeUInt32LE(1, 16);
      await this.put(locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(Math.min(this.entries, MAX16), 8);
    end.writeUInt16LE(Math.min(this.entries, MAX16), 10);
    end.writeUInt32LE(Math.min(length, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    await this.put(end);
    await new Promise<void>((resolve) => this.output.end(resolve));
  }

  /** Stops writing: the reader gets a cut archive, never taken for a whole one. */
  abort(err?: Error) {
    this.finished = true;
    this.output.destroy(err);
  }
}

function localHeader(
  name: Buffer,
  flags: number,
  method: number,
  time: number,
  date: number,
  crc: number,
  compressed: number,
  size: number,
): Buffer {
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(flags, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  name.copy(header, 30);
  return header;
}
