import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, withPlatform, type Db, type Tx } from '../../db/client';
import { loggable } from '../errors';
import { periodic } from '../periodic';
import type { PdfLanguage } from '../pdf/pdf-format';

/** A stored PDF of an issued document: its number (the file's name) and its bytes. */
export type StoredPdf = { number: string; pdf: Buffer };

/** What names a stored PDF: the document's type (its log entity), its id and its language. */
export type StoredPdfKey = { entity: string; documentId: number; language: PdfLanguage };

/** The stored PDF of a document in the tenant, if there is one. */
export async function readStoredPdf(tx: Tx, tenantId: number, key: StoredPdfKey): Promise<StoredPdf | undefined> {
  // Hex text, not bytea: PGlite parses a bytea in JavaScript byte by byte, some 30 times slower.
  const [row] = await queryRows<{ number: string; pdf: string }>(
    tx,
    sql`select number, encode(pdf, 'hex') as pdf from issued_documents
        where tenant_id = ${tenantId} and entity = ${key.entity} and document_id = ${key.documentId}
          and language = ${key.language}`,
  );
  return row && { number: row.number, pdf: Buffer.from(row.pdf, 'hex') };
}

/**
 * Stores a document's PDF once: a second render (the periodic job and a download racing, two processes) leaves the
 * first one in place, and the caller serves what is stored.
 */
export async function writeStoredPdf(tx: Tx, tenantId: number, key: StoredPdfKey, file: StoredPdf): Promise<void> {
  const sha256 = createHash('sha256').update(file.pdf).digest('hex');
  // Hex text, decoded by the database: PGlite writes a bytea parameter out in JavaScript byte by byte, on the event
  // loop (about a second for 100 issued invoices' PDFs); Buffer's hex is native.
  await tx.execute(
    sql`insert into issued_documents (tenant_id, entity, document_id, language, number, pdf, sha256)
        values (${tenantId}, ${key.entity}, ${key.documentId}, ${key.language}, ${file.number},
          decode(${file.pdf.toString('hex')}, 'hex'), ${sha256})
        on conflict do nothing`,
  );
}

/** A document type whose issued documents keep their PDF, as the job sees it (its document service). */
export type KeepsIssuedPdf = {
  type: { entity: string; table: string; storedPdf?: PdfLanguage };
  keepIssuedPdf(tenantId: number, id: number): Promise<void>;
};

// Numbered documents looked at per query.
const PAGE = 500;

/** Runs a query of `missingPdfs` in a short transaction (the job's: every tenant; the export's: its tenant). */
export type PageQuery = <T>(query: SQL) => Promise<T[]>;

/** Settings local to a transaction that make a page in key order follow the key's index (see `missingPdfs`). */
export const KEY_ORDER = sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`;

/**
 * The numbered documents of a type without their kept PDF, a page at a time in id order (of one tenant, or of every
 * tenant): a page of numbered documents on the primary key, then which of them have their PDF, on its key — two
 * index reads whatever the statistics. (As one anti-join, PGlite, which never analyzes its tables, plans a loop
 * over every pair: minutes for 100,000 invoices.)
 */
export async function* missingPdfs(
  run: PageQuery,
  type: KeepsIssuedPdf['type'],
  tenantId: number | null,
): AsyncGenerator<{ id: number; tenantId: number; number: string }[]> {
  const language = type.storedPdf;
  if (!language) return;
  let after = 0;
  for (;;) {
    const page = await run<{ id: number; tenantId: number; number: string }>(
      sql`select t.id, t.tenant_id as "tenantId", t.number from ${sql.identifier(type.table)} t
          where t.number is not null and t.id > ${after}${tenantId === null ? sql`` : sql` and t.tenant_id = ${tenantId}`}
          order by t.id limit ${PAGE}`,
    );
    const byTenant = new Map<number, number[]>();
    for (const d of page) byTenant.set(d.tenantId, [...(byTenant.get(d.tenantId) ?? []), d.id]);
    const stored = new Set<string>();
    for (const [tenant, ids] of byTenant) {
      const rows = await run<{ id: number }>(
        sql`select document_id as id from issued_documents where tenant_id = ${tenant} and entity = ${type.entity}
              and language = ${language} and document_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
      );
      for (const r of rows) stored.add(`${tenant}:${r.id}`);
    }
    const missing = page.filter((d) => !stored.has(`${d.tenantId}:${d.id}`));
    if (missing.length) yield missing;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}
/** How often the job looks for issued documents without their PDF. */
export const ISSUED_PDF_JOB_MS = 5 * 60_000;

/**
 * The issued documents of every tenant still without their stored PDF (the process stopped between the issue's
 * commit and the render, or they were issued before PDFs were kept), rendered and stored one at a time, so that a
 * download waits for one render at most. Retry-safe: a document stored meanwhile is skipped (`on conflict do
 * nothing`), one that fails is logged and left for the next run, and two runs never overlap in a process.
 * Answers how many it stored.
 */
export function issuedPdfJob(
  db: Db,
  services: readonly KeepsIssuedPdf[],
  log: { error(obj: unknown, msg: string): void },
  intervalMs = ISSUED_PDF_JOB_MS,
) {
  let running: Promise<number> | undefined;
  let closed = false;
  const run: PageQuery = (query) =>
    withPlatform(db, async (tx) => {
      await tx.execute(KEY_ORDER);
      return queryRows(tx, query);
    });
  async function fill(): Promise<number> {
    let stored = 0;
    for (const service of services) {
      for await (const missing of missingPdfs(run, service.type, null)) {
        for (const doc of missing) {
          if (closed) return stored;
          try {
            await service.keepIssuedPdf(doc.tenantId, doc.id);
            stored += 1;
          } catch (err) {
            log.error({ ...loggable(err), entity: service.type.entity, id: doc.id }, 'issued PDF not stored');
          }
        }
      }
    }
    return stored;
  }
  const start = () => {
    running ??= fill().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = periodic('issued PDFs', intervalMs, start, log);
  return {
    run: start,
    start: timer.start,
    /** Stops the timer and waits for a run under way to finish the document it is at. */
    async close() {
      closed = true;
      timer.stop();
      await running?.catch(() => undefined);
    },
  };
}
