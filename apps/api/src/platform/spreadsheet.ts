import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

// exceljs is loaded on first use: it is a third of a second of start-up otherwise.
const excel = async () => (await import('exceljs')).default;
import { badRequest } from './errors';

export type SheetColumn = { key: string; header: string; width?: number };
export type SheetRow = Record<string, string>;

/** CSV text of a cell: quoted when needed; formula-looking text is prefixed so spreadsheets do not run it. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Streams rows (fetched page by page by `pages`) as CSV (UTF-8 with BOM, comma) or XLSX, without holding the
 * whole export in memory.
 */
export function exportStream(
  format: 'csv' | 'xlsx',
  columns: SheetColumn[],
  pages: AsyncIterable<Record<string, unknown>[]>,
): Readable {
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield '\uFEFF' + columns.map((c) => csvCell(c.key)).join(',') + '\r\n';
        for await (const page of pages) {
          yield page.map((row) => columns.map((c) => csvCell(row[c.key])).join(',') + '\r\n').join('');
        }
      })(),
    );
  }
  const out = new PassThrough();
  void (async () => {
    try {
      const { stream } = await excel();
      const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet('Export');
      sheet.columns = columns.map((c) => ({ key: c.key, header: c.key, width: c.width ?? 18 }));
      sheet.getRow(1).font = { bold: true };
      for await (const page of pages) for (const row of page) sheet.addRow(row).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** Parses CSV (comma or semicolon, quoted fields, optional BOM) into rows of text keyed by the header line. */
export function parseCsv(text: string): { headers: string[]; rows: string[][] } {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.indexOf('\n') === -1 ? undefined : src.indexOf('\n'));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  const [headers = [], ...rows] = records;
  return { headers: headers.map((h) => h.trim()), rows };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

/** Reads the first worksheet of an XLSX file as text cells, streaming. */
export async function parseXlsx(data: Buffer): Promise<{ headers: string[]; rows: string[][] }> {
  const { stream } = await excel();
  const reader = new stream.xlsx.WorkbookReader(Readable.from(data), {
    sharedStrings: 'cache',
    worksheets: 'emit',
  });
  let headers: string[] = [];
  const rows: string[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
      if (row.number === 1) headers = values.map((h) => h.trim());
      else rows.push(values);
    }
    break;
  }
  return { headers, rows };
}

const MAX_ROWS = 100_000;

/** Rows of an uploaded CSV or XLSX file as objects keyed by header; empty lines skipped, line numbers kept. */
export async function readSheet(filename: string, data: Buffer): Promise<{ line: number; values: SheetRow }[]> {
  const isXlsx = data.subarray(0, 2).toString('latin1') === 'PK';
  if (!isXlsx && /\.xlsx$/i.test(filename))
    throw badRequest('unreadable_file', 'The file is not a valid XLSX workbook');
  let parsed: { headers: string[]; rows: string[][] };
  try {
    parsed = isXlsx ? await parseXlsx(data) : parseCsv(data.toString('utf8'));
  } catch {
    throw badRequest('unreadable_file', 'The file could not be read as CSV or XLSX');
  }
  if (parsed.rows.length > MAX_ROWS) throw badRequest('too_many_rows', `At most ${MAX_ROWS} rows per import`);
  const out: { line: number; values: SheetRow }[] = [];
  parsed.rows.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const values: SheetRow = {};
    parsed.headers.forEach((h, j) => {
      if (h) values[h] = (cells[j] ?? '').trim();
    });
    out.push({ line: i + 2, values });
  });
  return out;
}
