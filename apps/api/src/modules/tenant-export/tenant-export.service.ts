import { PassThrough, Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, withTenant, type Db } from '../../db/client';
import { KEY_ORDER, missingPdfs, type KeepsIssuedPdf } from '../../platform/documents/issued-pdfs';
import { csvCell, xlsxCell, type SheetColumnType } from '../../platform/spreadsheet';
import { exportTables, type ExportTable } from './export-tables';
import { exportReadme, type ExportSummary } from './export-readme';
import type { ZipWriter } from './zip-writer';

// exceljs is loaded on first use (a third of a second of start-up otherwise).
const excel = async () => (await import('exceljs')).default;

/** French Excel's CSV: `;` between cells, decimal comma, dd/mm/yyyy dates (csvCell's French style). */
const CSV_LANG = 'fr';
/** Rows of one XLSX sheet: Excel opens at most 1,048,576 rows (the header is one); a larger table takes more sheets. */
export const XLSX_SHEET_ROWS = 1_000_000;
/** Excel keeps at most 32,767 characters in a cell: longer text is cut in the XLSX file (the CSV has it whole). */
export const XLSX_CELL_CHARS = 32_767;
// Files read per query: at most this many, and no more bytes than FILE_BATCH_BYTES unless one file is larger.
const FILE_META_PAGE = 500;
const FILE_BATCH_COUNT = 100;
const FILE_BATCH_BYTES = 4 * 1024 * 1024;
/** Numbers of PDFs not stored yet listed in the README; the rest are counted. */
export const PDFS_NOT_STORED_LISTED = 200;

type Row = Record<string, unknown>;

/**
 * A read of one page in key order, in its own short transaction of the tenant. Sorting and bitmap scans are
 * discouraged for it: PGlite never analyzes its tables, and without statistics the planner reads every row of the
 * tenant and sorts them for each page (pages then cost more and more); the key's index gives them in order.
 */
const inKeyOrder = <T>(db: Db, tenantId: number, query: SQL) =>
  withTenant(db, tenantId, async (tx) => {
    await tx.execute(KEY_ORDER);
    return queryRows<T>(tx, query);
  });

/** A table's rows page by page in its key's order, each page in its own short transaction of the tenant. */
async function* tableRows(db: Db, tenantId: number, table: ExportTable): AsyncGenerator<Row[]> {
  // Qualified: an output column of the same name (`id` as text) would otherwise be what ORDER BY sorts on.
  const keys = table.key.map((k) => sql`t.${sql.identifier(k)}`);
  const columns = sql.join(
    [
      ...table.columns.map((c) => sql`${c.select} as ${sql.identifier(c.name)}`),
      ...keys.map((k, i) => sql`${k}::text as ${sql.identifier(`__k${i}`)}`),
    ],
    sql`, `,
  );
  let after: unknown[] | undefined;
  for (;;) {
    const from = after
      ? sql` and (${sql.join(keys, sql`, `)}) > (${sql.join(
          after.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql``;
    const page = await inKeyOrder<Row>(
      db,
      tenantId,
      sql`select ${columns} from ${sql.identifier(table.name)} t where ${table.ofTenant(tenantId)}${from}
          order by ${sql.join(keys, sql`, `)} limit ${table.pageSize}`,
    );
    if (page.length) yield page;
    if (page.length < table.pageSize) return;
    const last = page[page.length - 1]!;
    after = table.key.map((_, i) => last[`__k${i}`]);
  }
}

/** A table as CSV (UTF-8 with BOM, French Excel's style), counting its rows into `count`. */
function csvOf(rows: AsyncIterable<Row[]>, table: ExportTable, count: { rows: number }): Readable {
  const line = (cells: string[]) => cells.join(';') + '\r\n';
  return Readable.from(
    (async function* () {
      yield Buffer.from('\uFEFF' + line(table.columns.map((c) => csvCell(c.name, 'text', CSV_LANG))));
      for await (const page of rows) {
        count.rows += page.length;
        yield Buffer.from(
          page.map((row) => line(table.columns.map((c) => csvCell(row[c.name], c.type, CSV_LANG)))).join(''),
        );
      }
    })(),
    { objectMode: false, highWaterMark: 64 * 1024 },
  );
}

// Number formats are language-neutral in the file: French Excel shows `#,##0.00` as 1 234,50.
const NUM_FMT: Partial<Record<SheetColumnType, string>> = {
  integer: '0',
  money: '#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm:ss',
};

const xlsxValue = (value: unknown, type: SheetColumnType) => {
  const cell = xlsxCell(value, type);
  return typeof cell === 'string' && cell.length > XLSX_CELL_CHARS ? `${cell.slice(0, XLSX_CELL_CHARS - 1)}…` : cell;
};

/** What a stream's writable side says of its buffer (Node's streams and exceljs's `readable-stream` ones). */
type Filling = { writableLength?: number; writableHighWaterMark?: number; destroyed?: boolean } & NodeJS.EventEmitter;

/** Resolves once `stream` has room again (or is gone). */
async function roomIn(stream: Filling): Promise<void> {
  const full = () => !stream.destroyed && (stream.writableLength ?? 0) >= (stream.writableHighWaterMark ?? Infinity);
  if (!full()) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

/**
 * Resolves once exceljs has passed a page on: its sheet stream writes into its own zip's compressor without
 * waiting (the rows would pile up there when the client reads slower than the rows are read), and its zip writes
 * into `out`; both are waited for before the next page is read.
 */
export async function pageTaken(sheet: unknown, out: PassThrough): Promise<void> {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (Array.isArray(pipes))
    for (const pipe of pipes as Filling[]) if (typeof pipe?.on === 'function') await roomIn(pipe);
  await roomIn(out);
}

/** A table as an XLSX workbook written as it streams (typed cells, a sheet per million rows). */
function xlsxOf(rows: AsyncIterable<Row[]>, table: ExportTable): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const { stream } = await excel();
      const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const formats = table.columns.map((c) => NUM_FMT[c.type]);
      let sheets = 0;
      const addSheet = () => {
        sheets += 1;
        const name = sheets === 1 ? table.name : `${table.name} (${sheets})`;
        const sheet = workbook.addWorksheet(name.slice(-31), { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = table.columns.map((c) => ({ key: c.name, width: Math.max(12, c.name.length + 4) }));
        const header = sheet.addRow(table.columns.map((c) => c.name));
        header.font = { bold: true };
        header.commit();
        return sheet;
      };
      let sheet = addSheet();
      let inSheet = 0;
      for await (const page of rows) {
        for (const values of page) {
          if (inSheet === XLSX_SHEET_ROWS) {
            sheet.commit();
            sheet = addSheet();
            inSheet = 0;
          }
          const row = sheet.addRow(table.columns.map((c) => xlsxValue(values[c.name], c.type)));
          formats.forEach((f, i) => {
            if (f) row.getCell(i + 1).numFmt = f;
          });
          row.commit();
          inSheet += 1;
        }
        await pageTaken(sheet, out);
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** Files kept in a table's binary column, as entries of the archive. */
type FileSource = {
  /** The archive's folder, for the README's counts. */
  folder: string;
  table: string;
  /** A unique key of the table (its rows' order). */
  key: string[];
  /** Further conditions on the rows (the tenant's is always there). */
  where?: SQL;
  /** Columns the entry's name is made of. */
  meta: SQL;
  data: string;
  name(row: Row): string;
  /** Stored as they are (already compressed: PDF, images), else deflated. */
  store(row: Row): boolean;
};

/** A file name safe inside the archive: no folders, no control characters, no leading dot. */
export const safeName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\\/\u0000-\u001f\u007f]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200);

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};
const extension = (mime: unknown) => EXTENSIONS[String(mime)] ?? 'bin';

/** Where each issued document type's PDFs go (by its log entity). */
const PDF_FOLDERS: Record<string, string> = { invoice: 'documents/invoices', credit_note: 'documents/credit-notes' };
const pdfFolder = (entity: string) => PDF_FOLDERS[entity] ?? `documents/${entity.replaceAll('_', '-')}`;

const FILE_SOURCES: FileSource[] = [
  {
    folder: 'documents/',
    table: 'issued_documents',
    key: ['entity', 'document_id'],
    // The legal copy: the French PDF kept at the issue.
    where: sql`language = 'fr'`,
    meta: sql`number`,
    data: 'pdf',
    name: (r) => `${pdfFolder(String(r.entity))}/${safeName(String(r.number))}.pdf`,
    store: () => true,
  },
  {
    folder: 'documents/received-invoices/',
    table: 'received_invoices',
    key: ['id'],
    meta: sql`file_name, file_type`,
    data: 'file',
    name: (r) => `documents/received-invoices/${String(r.id)}-${safeName(String(r.file_name))}`,
    store: (r) => r.file_type === 'application/pdf',
  },
  {
    folder: 'files/article-images/',
    table: 'article_images',
    key: ['article_id'],
    meta: sql`mime`,
    data: 'data',
    name: (r) => `files/article-images/${String(r.article_id)}.${extension(r.mime)}`,
    store: (r) => r.mime !== 'image/svg+xml',
  },
  {
    folder: 'files/',
    table: 'company_settings',
    key: ['tenant_id'],
    where: sql`logo is not null`,
    meta: sql`logo_mime`,
    data: 'logo',
    name: (r) => `files/company-logo.${extension(r.logo_mime)}`,
    store: (r) => r.logo_mime !== 'image/svg+xml',
  },
];

/**
 * A file source's files, a few at a time: their names and sizes read page by page, then their bytes in batches
 * of a few megabytes, each query in its own short transaction of the tenant.
 */
async function* filesOf(db: Db, tenantId: number, src: FileSource): AsyncGenerator<{ row: Row; bytes: Buffer }> {
  const keys = src.key.map((k) => sql.identifier(k));
  const keyList = sql.join(keys, sql`, `);
  const where = sql`tenant_id = ${tenantId} and ${sql.identifier(src.data)} is not null${src.where ? sql` and ${src.where}` : sql``}`;
  const tuple = (row: Row) =>
    sql`(${sql.join(
      src.key.map((k) => sql`${row[k]}`),
      sql`, `,
    )})`;
  let after: Row | undefined;
  for (;;) {
    const meta = await inKeyOrder<Row & { size: number }>(
      db,
      tenantId,
      sql`select ${keyList}, ${src.meta}, octet_length(${sql.identifier(src.data)}) as size
          from ${sql.identifier(src.table)} where ${where}${after ? sql` and (${keyList}) > ${tuple(after)}` : sql``}
          order by ${keyList} limit ${FILE_META_PAGE}`,
    );
    for (let i = 0; i < meta.length; ) {
      const batch = [meta[i]!];
      let bytes = Number(meta[i]!.size);
      for (i += 1; i < meta.length && batch.length < FILE_BATCH_COUNT; i += 1) {
        bytes += Number(meta[i]!.size);
        if (bytes > FILE_BATCH_BYTES) break;
        batch.push(meta[i]!);
      }
      // The hex text is decoded at once: the batch's bytes wait outside the JavaScript heap while they are written.
      const byKey = new Map<string, Buffer>();
      for (const r of await batchData(db, tenantId, src, where, batch))
        byKey.set(src.key.map((k) => String(r[k])).join('\u0000'), Buffer.from(String(r.data), 'hex'));
      for (const row of batch) {
        const key = src.key.map((k) => String(row[k])).join('\u0000');
        const bytes = byKey.get(key);
        byKey.delete(key);
        // Deleted between the two reads (an article image): left out.
        if (bytes !== undefined) yield { row, bytes };
      }
    }
    if (meta.length < FILE_META_PAGE) return;
    after = meta[meta.length - 1];
  }
}

/**
 * The bytes of a batch of files, as hex text (PGlite parses a bytea in JavaScript byte by byte, some 30 times
 * slower): one query per value of the key's first columns, the last one given as a list, which the key's index
 * finds whatever the statistics.
 */
async function batchData(db: Db, tenantId: number, src: FileSource, where: SQL, batch: Row[]): Promise<Row[]> {
  const keys = src.key.map((k) => sql.identifier(k));
  const last = src.key[src.key.length - 1]!;
  const prefix = src.key.slice(0, -1);
  const groups = new Map<string, Row[]>();
  for (const row of batch) {
    const id = JSON.stringify(prefix.map((k) => row[k]));
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  const rows: Row[] = [];
  for (const group of groups.values()) {
    const same = prefix.map((k) => sql` and ${sql.identifier(k)} = ${group[0]![k]}`);
    rows.push(
      ...(await inKeyOrder<Row>(
        db,
        tenantId,
        sql`select ${sql.join(keys, sql`, `)}, encode(${sql.identifier(src.data)}, 'hex') as data
            from ${sql.identifier(src.table)} where ${where}${sql.join(same, sql``)}
              and ${sql.identifier(last)} in (${sql.join(
                group.map((r) => sql`${r[last]}`),
                sql`, `,
              )})`,
      )),
    );
  }
  return rows;
}

/**
 * The issued documents whose PDF is not stored yet (the job stores them), for the README: the first numbers and
 * how many in all (not every number: they may be many).
 */
async function pdfsNotYetStored(
  db: Db,
  tenantId: number,
  kept: readonly KeepsIssuedPdf[],
): Promise<ExportSummary['pdfsNotYetStored']> {
  const found: ExportSummary['pdfsNotYetStored'] = { listed: [], count: 0 };
  for (const { type } of kept)
    for await (const page of missingPdfs((query) => inKeyOrder(db, tenantId, query), type, tenantId)) {
      found.count += page.length;
      for (const d of page) if (found.listed.length < PDFS_NOT_STORED_LISTED) found.listed.push(d.number);
    }
  return found;
}

export type ExportInfo = { tenantName: string; exportedAt: Date };

/**
 * Writes the tenant's whole data into `zip`, one entry at a time, each read from the database a page at a time as
 * the client reads (the zip writer waits for room before the next page is asked for): every table as CSV and XLSX,
 * the issued documents' stored PDFs, the received originals, the article images and the logo, then the README.
 * Every query names the tenant (row-level security is the second wall) and runs in its own short transaction,
 * released before its rows are written. Stops when `signal` aborts (the client left). Does not finalize the archive.
 */
export async function writeTenantExport(
  db: Db,
  tenantId: number,
  zip: ZipWriter,
  kept: readonly KeepsIssuedPdf[],
  info: ExportInfo,
  signal: AbortSignal,
): Promise<ExportSummary> {
  const date = info.exportedAt;
  const summary: ExportSummary = { tables: [], files: [], pdfsNotYetStored: { listed: [], count: 0 } };
  for (const table of exportTables()) {
    const count = { rows: 0 };
    await zip.add(`csv/${table.name}.csv`, csvOf(tableRows(db, tenantId, table), table, count), { date }, signal);
    await zip.add(
      `xlsx/${table.name}.xlsx`,
      xlsxOf(tableRows(db, tenantId, table), table),
      { date, store: true },
      signal,
    );
    summary.tables.push({ table, rows: count.rows });
  }
  for (const src of FILE_SOURCES) {
    let files = 0;
    for await (const { row, bytes } of filesOf(db, tenantId, src)) {
      await zip.add(src.name(row), bytes, { date, store: src.store(row) }, signal);
      files += 1;
    }
    summary.files.push({ folder: src.folder, table: src.table, count: files });
  }
  summary.pdfsNotYetStored = await pdfsNotYetStored(db, tenantId, kept);
  await zip.add('README.md', Buffer.from(exportReadme(summary, info)), { date }, signal);
  return summary;
}
