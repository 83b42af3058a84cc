import { inflateRawSync } from 'node:zlib';

/** One file of a ZIP archive: its name and its bytes, read on demand. */
export type ZipEntry = { name: string; method: number; size: number; read(): Buffer };

/**
 * The entries of a ZIP archive from its central directory (ZIP64 included): enough for tests and the benchmark to
 * check what an export holds, without a dependency.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP archive (no end of central directory)');
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]), eocd);
    const eocd64 = Number(zip.readBigUInt64LE(locator + 8));
    count = Number(zip.readBigUInt64LE(eocd64 + 32));
    offset = Number(zip.readBigUInt64LE(eocd64 + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(offset + 10);
    let compressed = zip.readUInt32LE(offset + 20);
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    // ZIP64 extra field: the values that did not fit, in this order.
    for (let e = offset + 46 + nameLength; e < offset + 46 + nameLength + extraLength; ) {
      const id = zip.readUInt16LE(e);
      const len = zip.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(p));
          p += 8;
        }
        if (compressed === 0xffffffff) {
          compressed = Number(zip.readBigUInt64LE(p));
          p += 8;
        }
        if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(p));
      }
      e += 4 + len;
    }
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    entries.push({ name, method, size, read: () => (method === 8 ? inflateRawSync(data) : Buffer.from(data)) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
