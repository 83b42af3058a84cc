// The backups' file work, in a worker thread: copying the PGlite folder (pglite-snapshot.ts says how) and writing
// the archive (gzip'd tar, every file hashed, manifest.json last). The server's event loop only waits for a
// message: however busy the server is, the copy goes at disk speed, and however large the database, no request
// waits behind hashing or compression. Plain JavaScript: it runs as it is, from the sources or beside the bundle.
import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';

/** What the kernel's modification times may lag the clock by, with room to spare. */
const MTIME_MARGIN_MS = 1000;
const PARALLEL_COPIES = 4;
/** DATA_DIR entries that are not PostgreSQL's: ours (dot files, the JWT secret), and the running server's pid file. */
const isForeign = (name) =>
  name.startsWith('.') || name === 'jwt-secret' || name === 'postmaster.pid' || name === 'postmaster.opts';

/** Files copied so far (relative path → size and modification time seen before their last copy). */
const copied = new Map();
let copiedBytes = 0;

/**
 * Relation files (tables, indexes): under base/ and global/, except the control file. Their pages are restored
 * from the WAL by recovery, which is what lets the last pass skip them (see pass()).
 */
const isRelationFile = (rel) => /^(base\/\d+|global)\/\d+(_\w+)?(\.\d+)?$/.test(rel);

/** Folders and files of the data folder; files that `skipStat` names are listed without a stat. */
async function scanDir(root, skipStat = () => false) {
  const dirs = [];
  const files = new Map();
  const walk = async (rel) => {
    let entries;
    try {
      entries = await readdir(join(root, rel), { withFileTypes: true });
    } catch (err) {
      if (err.code === 'ENOENT' && rel) return; // dropped meanwhile
      throw err;
    }
    const found = await Promise.all(
      entries
        .filter((e) => rel || !isForeign(e.name))
        .map(async (e) => {
          const path = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) return { path, dir: true };
          if (!e.isFile()) return null;
          if (skipStat(path)) return { path, dir: false, seen: null };
          const st = await stat(join(root, path)).catch(() => null);
          return st ? { path, dir: false, seen: { size: st.size, mtimeMs: st.mtimeMs } } : null;
        }),
    );
    for (const f of found) if (f?.dir) dirs.push(f.path);
    for (const f of found) if (f && !f.dir) files.set(f.path, f.seen);
    for (const f of found) if (f?.dir) await walk(f.path);
  };
  await walk('');
  return { dirs, files };
}

async function copyOne(from, to) {
  try {
    await copyFile(from, to, constants.COPYFILE_FICLONE);
    return true;
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    await rm(to, { force: true });
    return false;
  }
}

async function forEachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One pass: copies what is new or changed since the previous pass began (`since`), drops what is gone. With
 * `walOnly` (no checkpoint since the first pass began: the control file is the same), relation files already
 * copied are left as they are: recovery starts from that checkpoint, whose redo point precedes every copy, and the
 * WAL — copied whole, every segment written since — holds every change made to them after it, with a full image of
 * each page at its first change (full_page_writes), so a page copied stale or torn is rewritten. That is how a
 * PostgreSQL base backup copies a running cluster; it keeps the last pass, when no query runs, to the WAL and the
 * small files.
 */
async function pass({ dataDir, target, since, walOnly = false }) {
  const kept = (rel) => walOnly && isRelationFile(rel) && copied.has(rel);
  const scan = await scanDir(dataDir, kept);
  await mkdir(target, { recursive: true });
  for (const dir of scan.dirs) await mkdir(join(target, dir), { recursive: true });
  for (const rel of [...copied.keys()]) {
    if (scan.files.has(rel)) continue;
    await rm(join(target, rel), { force: true });
    copied.delete(rel);
  }
  const changed = [...scan.files].filter(([rel, now]) => {
    if (now === null) return false; // a relation file kept as copied (walOnly)
    const before = copied.get(rel);
    return (
      since === null ||
      !before ||
      before.size !== now.size ||
      before.mtimeMs !== now.mtimeMs ||
      now.mtimeMs >= since - MTIME_MARGIN_MS
    );
  });
  await forEachLimited(changed, PARALLEL_COPIES, async ([rel, seen]) => {
    // The stat taken before the copy: a write after it shows as a change at the next pass.
    if (await copyOne(join(dataDir, rel), join(target, rel))) {
      copied.set(rel, seen);
      copiedBytes += seen.size;
    } else copied.delete(rel);
  });
  return { dirs: scan.dirs, files: [...copied.keys()].sort(), changed: changed.length, copiedBytes };
}

function addEntry(pack, headers, body) {
  return new Promise((resolve, reject) => {
    const done = (err) => (err ? reject(err) : resolve());
    const full = { ...headers, mtime: new Date() };
    if (body === undefined || Buffer.isBuffer(body)) {
      pack.entry(full, body ?? Buffer.alloc(0), done);
      return;
    }
    const entry = pack.entry(full, done);
    body.on('error', reject);
    body.pipe(entry);
  });
}

/** Writes the items then manifest.json into `out`, syncs it; answers the manifest's entries. */
async function archive({ out, items, base, level }, progress) {
  const pack = tar.pack();
  const written = pipeline(
    pack,
    createGzip({ level, chunkSize: 256 * 1024 }),
    createWriteStream(out, { flags: 'wx', mode: 0o600 }),
  );
  let failed;
  written.catch((err) => {
    failed = err;
    pack.destroy(err);
  });
  const entries = [];
  let bytes = 0;
  let reported = 0;
  try {
    for (const item of items) {
      if (failed) throw failed;
      if (item.type === 'directory') {
        await addEntry(pack, { name: `${item.path}/`, type: 'directory', mode: 0o700 });
        entries.push({ type: 'directory', path: item.path });
        continue;
      }
      const hash = createHash('sha256');
      let size;
      if (item.content !== undefined) {
        const content = Buffer.from(item.content);
        hash.update(content);
        size = content.length;
        await addEntry(pack, { name: item.path, size, mode: 0o600 }, content);
      } else {
        size = (await stat(item.source)).size;
        const source = createReadStream(item.source, { highWaterMark: 1024 * 1024 });
        source.on('data', (chunk) => hash.update(chunk));
        await addEntry(pack, { name: item.path, size, mode: 0o600 }, source);
      }
      bytes += size;
      entries.push({ type: 'file', path: item.path, size, sha256: hash.digest('hex') });
      if (bytes - reported >= 16 * 1024 * 1024) {
        reported = bytes;
        progress(bytes);
      }
    }
    const manifest = { ...base, entries };
    await addEntry(pack, { name: 'manifest.json', mode: 0o600 }, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    // On disk before it is renamed to its final name.
    const file = await open(out, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    return manifest;
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined);
    throw failed ?? err;
  }
}

parentPort.on('message', async (message) => {
  const { id, op, args } = message;
  try {
    const progress = (bytes) => parentPort.postMessage({ id, progress: bytes });
    const result = op === 'pass' ? await pass(args) : await archive(args, progress);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: err.message, code: err.code } });
  }
});
