import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  await tx.execute(
    sql`insert into issued_documents (tenant_id, entity, document_id, language, number, pdf, sha256)
        values (${tenantId}, ${key.entity}, ${key.documentId}, ${key.language}, ${file.number}, ${file.pdf}, ${sha256})
        on conflict do nothing`,
  );
}

/** A document type whose issued documents keep their PDF, as the job sees it (its document service). */
export type KeepsIssuedPdf = {
  type: { entity: string; table: string; storedPdf?: PdfLanguage };
  keepIssuedPdf(tenantId: number, id: number): Promise<void>;
};

// Documents looked up per query; the job renders them one at a time.
const BATCH = 20;
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
  async function fill(): Promise<number> {
    let stored = 0;
    for (const service of services) {
      const { entity, table, storedPdf: language } = service.type;
      if (!language) continue;
      let after = 0;
      while (!closed) {
        const missing = await withPlatform(db, (tx) =>
          queryRows<{ id: number; tenantId: number }>(
            tx,
            sql`select t.id, t.tenant_id as "tenantId" from ${sql.identifier(table)} t
                where t.number is not null and t.id > ${after}
                  and not exists (select 1 from issued_documents d where d.tenant_id = t.tenant_id
                                  and d.entity = ${entity} and d.document_id = t.id and d.language = ${language})
                order by t.id limit ${BATCH}`,
          ),
        );
        for (const doc of missing) {
          if (closed) break;
          try {
            await service.keepIssuedPdf(doc.tenantId, doc.id);
            stored += 1;
          } catch (err) {
            log.error({ ...loggable(err), entity, id: doc.id }, 'issued PDF not stored');
          }
        }
        if (missing.length < BATCH) break;
        after = missing[missing.length - 1]!.id;
      }
    }
    return stored;
  }
  const run = () => {
    running ??= fill().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = periodic('issued PDFs', intervalMs, run, log);
  return {
    run,
    start: timer.start,
    /** Stops the timer and waits for a run under way to finish the document it is at. */
    async close() {
      closed = true;
      timer.stop();
      await running?.catch(() => undefined);
    },
  };
}
