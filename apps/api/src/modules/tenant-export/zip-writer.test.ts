import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/zip-reader';
import { ZipWriter } from './zip-writer';

/*
 * The export's ZIP writer: entries as written (stored or deflated, from buffers or streams), ZIP64 past 65,535
 * entries, and a source read no further ahead of a slow reader than a few buffers. "Slow" is counted in turns of
 * the event loop, never in time.
 */

/** Reads `zip`'s output to the end, yielding a few turns of the event loop after each chunk (a slow client). */
async function slowRead(zip: ZipWriter, onChunk: (bytes: number) => void, turns = 5): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zip.output as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    onChunk(chunk.length);
    for (let i = 0; i < turns; i += 1) await new Promise((resolve) => setImmediate(resolve));
  }
  return Buffer.concat(chunks);
}

/** Incompressible bytes. */
const noise = (size: number) => randomBytes(size);

describe('ZipWriter', () => {
  it('writes buffers and streams, stored or deflated, with their CRC, readable back byte for byte', async () => {
    const zip = new ZipWriter();
    const reading = slowRead(zip, () => undefined, 0);
    const date = new Date(2026, 10, 27, 10, 30, 12);
    const text = Buffer.from('id;nom\r\n1;Café crème\r\n'.repeat(1000));
    const binary = noise(200_000);
    await zip.add('csv/table.csv', Readable.from([text.subarray(0, 5000), text.subarray(5000)]), { date });
    await zip.add('documents/invoices/FA-2026-000001.pdf', binary, { date, store: true });
    await zip.add('xlsx/table.xlsx', Readable.from([binary]), { date, store: true });
    await zip.add('README.md', Buffer.from('# Données — data'), { date });
    await zip.finalize();
    const archive = await reading;
    expect(zip.bytes).toBe(archive.length);
    const entries = readZip(archive);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['csv/table.csv', 8],
      ['documents/invoices/FA-2026-000001.pdf', 0],
      ['xlsx/table.xlsx', 0],
      ['README.md', 8],
    ]);
    expect(entries[0]!.read().equals(text)).toBe(true);
    expect(entries[1]!.read().equals(binary)).toBe(true);
    expect(entries[2]!.read().equals(binary)).toBe(true);
    expect(entries[3]!.read().toString('utf8')).toBe('# Données — data');
    // Each central record's CRC and sizes are those of the data.
    const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let at = archive.readUInt32LE(end + 16);
    for (const e of entries) {
      expect(archive.readUInt32LE(at + 16), e.name).toBe(crc32(e.read()));
      expect(archive.readUInt32LE(at + 24), e.name).toBe(e.size);
      at += 46 + archive.readUInt16LE(at + 28) + archive.readUInt16LE(at + 30);
    }
    // The time as MS-DOS writes it: 10:30:12, 27/11/2026.
    expect(archive.readUInt16LE(10)).toBe((10 << 11) | (30 << 5) | 6);
    expect(archive.readUInt16LE(12)).toBe((46 << 9) | (11 << 5) | 27);
  });

  it('writes ZIP64 end records past 65,535 entries', async () => {
    const zip = new ZipWriter();
    const reading = slowRead(zip, () => undefined, 0);
    const date = new Date();
    const count = 65_600;
    for (let i = 0; i < count; i += 1) await zip.add(`f/${i}.txt`, Buffer.from(String(i)), { date, store: true });
    await zip.finalize();
    const archive = await reading;
    const entries = readZip(archive);
    expect(entries).toHaveLength(count);
    expect(entries[count - 1]!.name).toBe(`f/${count - 1}.txt`);
    expect(entries[count - 1]!.read().toString()).toBe(String(count - 1));
    expect(archive.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  });

  it('reads a stream no further ahead of a slow reader than a few buffers, stored or deflated', async () => {
    for (const store of [true, false]) {
      const zip = new ZipWriter({ highWaterMark: 16 * 1024 });
      const CHUNK = 16 * 1024;
      const CHUNKS = 1000;
      let produced = 0;
      let consumed = 0;
      let ahead = 0;
      const source = Readable.from(
        (function* () {
          for (let i = 0; i < CHUNKS; i += 1) {
            produced += CHUNK;
            ahead = Math.max(ahead, produced - consumed);
            // Incompressible: what is read ahead is what the reader has not taken.
            yield noise(CHUNK);
          }
        })(),
        { objectMode: false, highWaterMark: CHUNK },
      );
      const reading = slowRead(zip, (n) => (consumed += n));
      await zip.add('big.bin', source, { date: new Date(), store });
      await zip.finalize();
      await reading;
      expect(produced).toBe(CHUNKS * CHUNK);
      // 16 MiB written; never more than a few buffers (each 16 KiB, deflate's own included) ahead of the reader.
      expect(ahead, store ? 'stored' : 'deflated').toBeLessThan(512 * 1024);
    }
  });

  it('gives up an entry when its reader leaves', async () => {
    const zip = new ZipWriter({ highWaterMark: 1024 });
    const adding = zip.add('big.bin', noise(1024 * 1024), { date: new Date(), store: true });
    zip.abort();
    await expect(adding).rejects.toThrow();
  });
});
