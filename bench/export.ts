import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { openDatabase, queryRows, withPlatform, type Database } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/seed/seed';
import { inProcessConfig, loadAverage, memoryPeaks, record, signInSession } from './lib';

/**
 * The tenant export (`GET /tenant/export`) of a tenant with many issued invoices, each with its kept PDF (a real
 * Factur-X PDF rendered once by issuing an invoice, copied in SQL under each number) and two lines, on PGlite with a
 * data directory, the server in this process, a client reading the ZIP over HTTP and dropping it: time, archive
 * size, the process's peak resident memory and heap (sampled every 50 ms) against before the export,
 * `/backend/health` probed every 100 ms meanwhile; against the same export of a tenant with SMALL documents in the
 * same run (the baseline: memory flat means the same peak).
 */
const PORT = 8198;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DOCUMENTS = Number(process.env.BENCH_EXPORT_DOCUMENTS ?? 100_000);
const SMALL = 1000;
const SEED_CHUNK = 10_000;
const MiB = 1024 * 1024;
const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** `count` issued invoices of two lines, each with a copy of the first invoice's kept PDF: 10,000 per transaction. */
async function seedDocuments(database: Database, tenantId: number, count: number) {
  for (let done = 0; done < count; done += SEED_CHUNK)
    await seedChunk(database, tenantId, Math.min(SEED_CHUNK, count - done));
}

async function seedChunk(database: Database, tenantId: number, count: number) {
  await withPlatform(database.db, async (tx) => {
    const [r] = await queryRows<{ customer: number; article: number; last: number; pdfId: number }>(
      tx,
      sql`select (select min(id) from customers where tenant_id = ${tenantId} and siren is not null) as customer,
            (select min(id) from articles where tenant_id = ${tenantId}) as article,
            coalesce((select max(id) from invoices), 0) as last,
            (select min(document_id) from issued_documents where tenant_id = ${tenantId}) as "pdfId"`,
    );
    await tx.execute(sql`
      insert into invoices (tenant_id, number, status, customer_id, invoice_date, payment_term_days, due_date,
        payment_type, issued_at, line_count, line_total, total_net, total_vat, total_gross)
      select ${tenantId}, 'FB-2025-' || lpad(g::text, 6, '0'), 'issued', ${r!.customer}::int, date '2025-01-01' + g % 365,
        30, date '2025-01-31' + g % 365, 'sepa_transfer', timestamptz '2025-01-01 10:00+01' + make_interval(mins => g),
        2, 25.5, 25.5, 4.05, 29.55
      from generate_series(${r!.last + 1}::int, ${r!.last + count}::int) g`);
    await tx.execute(sql`
      insert into invoice_lines (tenant_id, invoice_id, position, article_id, reference, designation, quantity,
        unit_price, discount, vat_rate, vat_category, net_amount)
      select ${tenantId}, i.id, k, a.id, a.reference, a.designation, k, 8.5, 0, case k when 1 then 20 else 5.5 end, 'S',
        8.5 * k
      from invoices i cross join generate_series(1, 2) k join articles a on a.id = ${r!.article}::int
      where i.tenant_id = ${tenantId} and i.id > ${r!.last}`);
    await tx.execute(sql`
      insert into issued_documents (tenant_id, entity, document_id, language, number, pdf, sha256)
      select ${tenantId}, 'invoice', i.id, 'fr', i.number, d.pdf, d.sha256
      from invoices i, (select pdf, sha256 from issued_documents where tenant_id = ${tenantId}
                          and document_id = ${r!.pdfId}::int and entity = 'invoice') d
      where i.tenant_id = ${tenantId} and i.id > ${r!.last}`);
  });
}

type Run = {
  ms: number;
  bytes: number;
  entries: number;
  peakRss: number;
  peakHeap: number;
  before: NodeJS.MemoryUsage;
};

/** One export read over HTTP to the end and dropped, with the process's memory and the health probe meanwhile. */
async function exportOnce(
  token: string,
): Promise<Run & { healthP50: number; healthP99: number; healthMax: number; probes: number; probeErrors: number }> {
  const memory = memoryPeaks();
  const health: number[] = [];
  let probeErrors = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      try {
        await (await fetch(`${base}/backend/health`)).arrayBuffer();
        health.push(performance.now() - t);
      } catch {
        // A kept-alive socket the server closed as the probe reused it (the event loop was held): counted, not fatal.
        probeErrors += 1;
      }
      await sleep(100);
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`${base}/backend/api/tenant/export`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  // The archive's last 32 MiB: its central directory says how many entries it has.
  let tail: Buffer[] = [];
  let tailBytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    tail.push(Buffer.from(value));
    tailBytes += value.byteLength;
    while (tailBytes - tail[0]!.length > 32 * MiB) tailBytes -= tail.shift()!.length;
  }
  const ms = performance.now() - t0;
  const { before, peakRss, peakHeap } = memory.stop();
  probing = false;
  await probe;
  const end = Buffer.concat(tail);
  tail = [];
  const eocd = end.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let entries = end.readUInt16LE(eocd + 10);
  if (entries === 0xffff) {
    const eocd64 = end.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    entries = Number(end.readBigUInt64LE(eocd64 + 32));
  }
  health.sort((a, b) => a - b);
  return {
    ms,
    bytes,
    entries,
    peakRss,
    peakHeap,
    before,
    healthP50: health[Math.floor(health.length / 2)] ?? 0,
    healthP99: health[Math.min(health.length - 1, Math.floor(health.length * 0.99))] ?? 0,
    healthMax: health[health.length - 1] ?? 0,
    probes: health.length,
    probeErrors,
  };
}

export async function exportBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagstock-bench-export-'));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemo(database.db, PASSWORD);
    const app = await buildApp(
      { ...inProcessConfig, logLevel: (process.env.BENCH_LOG_LEVEL ?? 'warn') as 'warn' },
      database,
    );
    await app.listen({ port: PORT, host: '127.0.0.1' });
    try {
      const { token, tenantId } = await signInSession(base, 'admin@demo.test', PASSWORD);
      const call = async <T>(method: string, path: string, body?: object) => {
        const res = await fetch(`${base}/backend/api${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      // One real invoice, issued through the API: its kept PDF is the one every seeded invoice gets.
      const [refs] = await withPlatform(database.db, (tx) =>
        queryRows<{ customer: number; article: number }>(
          tx,
          sql`select (select min(id) from customers where tenant_id = ${tenantId} and siren is not null) as customer,
                (select min(id) from articles where tenant_id = ${tenantId}) as article`,
        ),
      );
      const draft = await call<{ id: number }>('POST', '/invoices', {
        customerId: refs!.customer,
        invoiceDate: new Date().toISOString().slice(0, 10),
        lines: [
          { articleId: refs!.article, quantity: 1, unitPrice: '8.50', vatRate: '20' },
          { articleId: refs!.article, quantity: 2, unitPrice: '8.50', vatRate: '5.5' },
        ],
      });
      await call('POST', `/invoices/${draft.id}/status`, { status: 'issued' });
      const [{ size }] = (await withPlatform(database.db, (tx) =>
        queryRows<{ size: number }>(tx, sql`select octet_length(pdf) as size from issued_documents limit 1`),
      )) as [{ size: number }];

      let t = performance.now();
      await seedDocuments(database, tenantId, SMALL - 1);
      const smallSeed = performance.now() - t;
      const loadSmall = loadAverage();
      const small = await exportOnce(token);
      console.error(`export bench: baseline done (${Math.round(small.ms)} ms), seeding the rest`);

      t = performance.now();
      await seedDocuments(database, tenantId, DOCUMENTS - SMALL);
      const largeSeed = performance.now() - t;
      // The seed held the event loop (PGlite runs on it): let the sockets it left idle close before reusing any.
      await sleep(2000);
      const loadLarge = loadAverage();
      console.error(`export bench: seeded in ${Math.round(largeSeed)} ms, exporting`);
      const large = await exportOnce(token);

      const row = (label: string, r: Awaited<ReturnType<typeof exportOnce>>) =>
        `| ${label} | ${(r.ms / 1000).toFixed(1)} s | ${mib(r.bytes)} (${r.entries.toLocaleString('en')} entries) | ` +
        `${mib(r.before.rss)} → **${mib(r.peakRss)}** | ${mib(r.before.heapUsed)} → **${mib(r.peakHeap)}** | ` +
        `p50 ${Math.round(r.healthP50)} ms, p99 ${Math.round(r.healthP99)} ms, max ${Math.round(r.healthMax)} ms ` +
        `(${r.probes} probes${r.probeErrors ? `, ${r.probeErrors} failed` : ''}) |`;
      record(
        `Tenant export (${DOCUMENTS.toLocaleString('en')} issued invoices with their kept PDFs, PGlite data directory, server in process, HTTP)`,
        [
          '| tenant | time | archive | process RSS: before → peak | JS heap used: before → peak | /backend/health meanwhile |',
          '| --- | --- | --- | --- | --- | --- |',
          row(`baseline: ${SMALL.toLocaleString('en')} invoices, same run`, small),
          row(`${DOCUMENTS.toLocaleString('en')} invoices`, large),
          '',
          `Each invoice has two lines and a copy of one real kept PDF (${Math.round(size / 1024)} KiB, Factur-X), seeded in ` +
            `SQL (${(smallSeed / 1000).toFixed(1)} s for the baseline, ${(largeSeed / 1000).toFixed(1)} s for the rest); ` +
            `the Demo tenant's other tables as seeded. The archive holds every table as CSV and XLSX, the PDFs and the ` +
            `README; the client reads it to the end and drops it. Memory is the whole process (PGlite's WASM heap ` +
            `included), sampled every 50 ms; load average ${loadSmall} (baseline), ${loadLarge} → ${loadAverage()}.`,
        ],
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
