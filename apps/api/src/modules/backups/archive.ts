import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { MANIFEST_NAME, ZManifest, type Manifest, type ManifestEntry } from './manifest';

/**
 * One archive per backup: a gzip-compressed tar, streamed (never the whole of it in memory), each file hashed as
 * it is written, and `manifest.json` last, listing every entry with its size and SHA-256 (written by the backup
 * worker, backup-thread.mjs). Reading checks every entry against the manifest before anyone may trust what was
 * extracted.
 */

/** The part of tar-stream 2.2.0 (no types of its own) that reading uses; writing is backup-thread.mjs's. */
type TarHeaders = { name: string; size?: number; type?: string };
type TarExtract = Writable & {
  on(
    event: 'entry',
    listener: (headers: TarHeaders, stream: Readable, next: (err?: Error) => void) => void,
  ): TarExtract;
};
const tar = createRequire(import.meta.url)('tar-stream') as { extract(): TarExtract };

/** Fast enough to keep up with the disk on a small server; PostgreSQL files still shrink several times. */
export const GZIP_LEVEL = 3;
/** Entry names the archives hold: the manifest, the JWT secret file, the PostgreSQL dump, the PGlite files. */
const SAFE_NAME = /^(manifest\.json|jwt-secret|database\.pgdump|pgdata(\/[\w.-]+)*\/?)$/;

export class ArchiveError extends Error {
  readonly code = 'backup_archive_invalid';
}

/** Where an entry's bytes go while the archive is read: a stream to write, or null to hash them only. */
export type EntrySink = (entry: { path: string; size: number }) => Promise<Writable | null> | Writable | null;

/**
 * Reads the whole archive, hashing every file and handing its bytes to `sink`; answers the manifest once every
 * entry matched it (same names, sizes and SHA-256, nothing more, nothing less). Throws ArchiveError otherwise:
 * what the sink wrote must then be thrown away.
 */
export async function readArchive(path: string, sink: EntrySink = () => null): Promise<Manifest> {
  const extract = tar.extract();
  const seen = new Map<string, ManifestEntry>();
  let manifestText: string | undefined;
  extract.on('entry', (headers, stream, next) => {
    const name = headers.name;
    const fail = (message: string) => {
      stream.resume();
      next(new ArchiveError(message));
    };
    if (!SAFE_NAME.test(name) || name.split('/').some((part) => part === '..' || part === '.'))
      return fail(`unexpected entry ${JSON.stringify(name)}`);
    if (headers.type === 'directory') {
      const dir = name.replace(/\/$/, '');
      seen.set(dir, { type: 'directory', path: dir });
      stream.resume();
      stream.on('end', () => next());
      return;
    }
    if (headers.type !== 'file') return fail(`unexpected ${headers.type} entry ${name}`);
    if (name === MANIFEST_NAME) {
      if (manifestText !== undefined) return fail('manifest.json appears twice');
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        manifestText = Buffer.concat(chunks).toString('utf8');
        next();
      });
      return;
    }
    if (seen.has(name)) return fail(`entry ${name} appears twice`);
    void copyEntry(name, headers.size ?? 0, stream, sink).then(
      (entry) => {
        seen.set(name, entry);
        next();
      },
      (err: Error) => next(err),
    );
  });
  try {
    await pipeline(createReadStream(path), createGunzip(), extract);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'EACCES') throw err;
    throw new ArchiveError(`the archive cannot be read: ${(err as Error).message}`);
  }
  if (manifestText === undefined) throw new ArchiveError('the archive has no manifest.json');
  let manifest: Manifest;
  try {
    manifest = ZManifest.parse(JSON.parse(manifestText));
  } catch {
    throw new ArchiveError('manifest.json is not a Tagstock backup manifest');
  }
  const problems: string[] = [];
  for (const expected of manifest.entries) {
    const got = seen.get(expected.path);
    if (!got) problems.push(`${expected.path} is missing`);
    else if (got.type !== expected.type) problems.push(`${expected.path} is a ${got.type}, not a ${expected.type}`);
    else if (got.type === 'file' && expected.type === 'file') {
      if (got.size !== expected.size) problems.push(`${expected.path}: ${got.size} bytes, ${expected.size} expected`);
      else if (got.sha256 !== expected.sha256) problems.push(`${expected.path}: SHA-256 differs`);
    }
    seen.delete(expected.path);
  }
  for (const extra of seen.keys()) problems.push(`${extra} is not in the manifest`);
  if (problems.length) {
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    throw new ArchiveError(`checksums do not match: ${problems.slice(0, 5).join('; ')}${more}`);
  }
  return manifest;
}

async function copyEntry(name: string, size: number, stream: Readable, sink: EntrySink): Promise<ManifestEntry> {
  // The sink first: no byte may flow before it is there to take it.
  const target = await sink({ path: name, size });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new PassThrough();
  tap.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  if (target) await pipeline(stream, tap, target);
  else await pipeline(stream, tap);
  return { type: 'file', path: name, size: bytes, sha256: hash.digest('hex') };
}

/** The archive path of a file under the PGlite folder (`pgdata/base/5/1259`). */
export const archivePath = (prefix: string, relative: string) => posix.join(prefix, ...relative.split(/[\\/]/));
