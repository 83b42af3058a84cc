import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { Decimal } from 'decimal.js';
import type { SHEET_COLUMN_TYPES, TSheetLang } from '@tagstock/contract';
import { AppError, badRequest } from './errors';
import { loopTurns } from './time-slices';

// exceljs is loaded on first use: it is a third of a second of start-up otherwise.
const excel = async () => (await import('exceljs')).default;

export type SheetLang = TSheetLang;
export type SheetColumnType = (typeof SHEET_COLUMN_TYPES)[number];
/** A column of an export, an import and its template: its key, its cell type and its header in each language. */
export type SheetColumn = { key: string; type: SheetColumnType; header: Record<SheetLang, string>; width?: number };
export type SheetRow = Record<string, string>;

/** CSV style per language: French Excel splits on `;` and reads a decimal comma. */
const CSV_STYLE: Record<SheetLang, { sep: string; decimal: string; yes: string; no: string }> = {
  en: { sep: ',', decimal: '.', yes: 'TRUE', no: 'FALSE' },
  fr: { sep: ';', decimal: ',', yes: 'VRAI', no: 'FAUX' },
};

// Number formats are stored language-neutral: French Excel shows `#,##0.00` as 1 234,50.
const DATE_FORMAT: Record<SheetLang, string> = { en: 'yyyy-mm-dd', fr: 'dd/mm/yyyy' };
const numFmt = (type: SheetColumnType, lang: SheetLang): string | undefined =>
  ({
    integer: '0',
    money: '#,##0.00',
    rate: 'General',
    date: DATE_FORMAT[lang],
    datetime: `${DATE_FORMAT[lang]} hh:mm`,
    text: undefined,
    boolean: undefined,
  })[type];

/** A date or timestamp value (Date, or text as PostgreSQL gives it) as a Date; null when unreadable. */
function toDate(value: unknown, type: 'date' | 'datetime'): Date | null {
  if (value instanceof Date) return value;
  const text = String(value);
  // A calendar day is midnight UTC: Excel's serial dates carry no time zone.
  const d = new Date(type === 'date' ? `${text.slice(0, 10)}T00:00:00Z` : text);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Text of a date (UTC) in the language's usual order: 31/12/2026 in French, 2026-12-31 in English. */
function dateText(d: Date, lang: SheetLang, withTime: boolean): string {
  const [y, m, day] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  const date = lang === 'fr' ? `${day}/${m}/${y}` : `${y}-${m}-${day}`;
  return withTime ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : date;
}

// What a spreadsheet would run as a formula at the start of a cell.
const FORMULA_START = /^[=+\-@\t\r]/;

/** CSV text of a cell in the language's style; formula-looking text is prefixed so spreadsheets do not run it. */
export function csvCell(value: unknown, type: SheetColumnType, lang: SheetLang): string {
  if (value === null || value === undefined || value === '') return '';
  const style = CSV_STYLE[lang];
  let text: string;
  if (type === 'money' || type === 'rate') text = String(value).replace('.', style.decimal);
  else if (type === 'integer') text = String(value);
  else if (type === 'boolean') text = value === true || value === 'true' ? style.yes : style.no;
  else if (type === 'date' || type === 'datetime') {
    const d = toDate(value, type);
    text = d ? dateText(d, lang, type === 'datetime') : String(value);
  } else {
    text = String(value);
    if (FORMULA_START.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  }
  return text.includes(style.sep) || /["\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * XLSX value of a cell: numbers for integers, money and rates, dates as dates, booleans as booleans. An XLSX
 * number is a double: amounts up to 15 significant digits (far beyond the columns' precision) read back exactly.
 */
export function xlsxCell(value: unknown, type: SheetColumnType): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'integer':
    case 'money':
    case 'rate': {
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'date':
    case 'datetime':
      return toDate(value, type) ?? String(value);
    case 'boolean':
      return value === true || value === 'true';
    default:
      return String(value);
  }
}

/** Resolves once `out` has room again (or is gone), so the next page is read only when the client keeps up. */
async function roomIn(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Streams rows (fetched page by page by `pages`) as CSV (UTF-8 with BOM; `,` and decimal point in English, `;`
 * and decimal comma in French) or XLSX (typed cells, headers in `lang`, frozen header row), without holding the
 * whole export in memory: the next page is pulled only once the previous one has been taken by the client.
 */
export function exportStream(
  format: 'csv' | 'xlsx',
  columns: SheetColumn[],
  pages: AsyncIterable<Record<string, unknown>[]> | Iterable<Record<string, unknown>[]>,
  lang: SheetLang = 'en',
): Readable {
  if (format === 'csv') {
    const { sep } = CSV_STYLE[lang];
    return Readable.from(
      (async function* () {
        yield '\uFEFF' + columns.map((c) => csvCell(c.header[lang], 'text', lang)).join(sep) + '\r\n';
        for await (const page of pages) {
          yield page.map((row) => columns.map((c) => csvCell(row[c.key], c.type, lang)).join(sep) + '\r\n').join('');
        }
      })(),
      // One page buffered ahead at most (the default would read 16 pages ahead of a slow client).
      { highWaterMark: 1 },
    );
  }
  const out = new PassThrough();
  void (async () => {
    try {
      const { stream } = await excel();
      const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? Math.max(12, c.header[lang].length + 4) }));
      const header = sheet.addRow(headersOf(columns, lang));
      header.font = { bold: true };
      header.commit();
      const formats = columns.map((c) => numFmt(c.type, lang));
      for await (const page of pages) {
        for (const values of page) {
          const row = sheet.addRow(columns.map((c) => xlsxCell(values[c.key], c.type)));
          formats.forEach((f, i) => {
            if (f) row.getCell(i + 1).numFmt = f;
          });
          row.commit();
        }
        // exceljs writes without backpressure: wait for the client before reading the next page.
        await roomIn(out);
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

/** The header row of `columns` in `lang`. */
export const headersOf = (columns: SheetColumn[], lang: SheetLang) => columns.map((c) => c.header[lang]);

/** The separator of a CSV file: semicolon when its first line has more semicolons than commas. */
function csvSeparator(head: string): string {
  const nl = head.indexOf('\n');
  const firstLine = nl === -1 ? head : head.slice(0, nl);
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * Incremental CSV parser (comma or semicolon, quoted fields with "" escapes, CRLF or LF): text goes in chunk by
 * chunk, complete records come out, so a file never has to be parsed in one go.
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private state: 'field' | 'quoted' | 'quote' | 'cr' = 'field';

  constructor(private readonly sep: string) {}

  /** Parses `chunk` and hands each completed record to `emit`. */
  push(chunk: string, emit: (record: string[]) => void): void {
    const { sep } = this;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (this.state === 'cr') {
        this.state = 'field';
        if (ch === '\n') continue;
      }
      if (this.state === 'quote') {
        // A quote inside a quoted field: doubled, it is a quote; otherwise it closed the field.
        if (ch === '"') {
          this.field += '"';
          this.state = 'quoted';
          continue;
        }
        this.state = 'field';
      }
      if (this.state === 'quoted') {
        if (ch === '"') this.state = 'quote';
        else this.field += ch;
      } else if (ch === '"' && this.field === '') this.state = 'quoted';
      else if (ch === sep) {
        this.record.push(this.field);
        this.field = '';
      } else if (ch === '\n' || ch === '\r') {
        this.record.push(this.field);
        emit(this.record);
        this.record = [];
        this.field = '';
        if (ch === '\r') this.state = 'cr';
      } else this.field += ch;
    }
  }

  /** The last record when the file does not end with a line break. */
  end(emit: (record: string[]) => void): void {
    if (this.field !== '' || this.record.length) {
      this.record.push(this.field);
      emit(this.record);
    }
    this.record = [];
    this.field = '';
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  // 15 significant digits: what Excel itself shows, so 0.1 + 0.2 computed in a sheet reads back as 0.3.
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value.toPrecision(15)).toFixed() : '';
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

// Text is decoded and parsed this much at a time; the event loop turns between pieces once a slice of time is used.
const CSV_PIECE = 16 * 1024;
// Bytes read to tell the separator.
const CSV_HEAD = 64 * 1024;
const MAX_ROWS = 100_000;

type RecordSink = (cells: string[], line: number) => void;

/** Feeds the records of a CSV file to `take` piece by piece, turning the event loop every slice of time. */
async function eachCsvRecord(data: Buffer, take: RecordSink): Promise<void> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  let parser: CsvParser | undefined;
  let line = 0;
  const emit = (record: string[]) => take(record, ++line);
  const turn = loopTurns();
  for (let offset = 0; offset < data.length; offset += CSV_PIECE) {
    const text = decoder.decode(data.subarray(offset, offset + CSV_PIECE), { stream: true });
    parser ??= new CsvParser(csvSeparator(data.subarray(0, CSV_HEAD).toString('utf8')));
    parser.push(text, emit);
    await turn();
  }
  const rest = decoder.decode();
  parser ??= new CsvParser(',');
  parser.push(rest, emit);
  parser.end(emit);
}

/** Feeds the rows of the first worksheet of an XLSX file to `take` (streaming), turning the event loop. */
async function eachXlsxRow(data: Buffer, take: RecordSink): Promise<void> {
  const { stream } = await excel();
  const reader = new stream.xlsx.WorkbookReader(Readable.from(data), {
    sharedStrings: 'cache',
    // Number formats tell a date cell from a number.
    styles: 'cache',
    worksheets: 'emit',
  });
  const turn = loopTurns();
  for await (const sheet of reader) {
    for await (const row of sheet) {
      take((row.values as ExcelJS.CellValue[]).slice(1).map(cellText), row.number);
      await turn();
    }
    break;
  }
}

/** A header as compared: case, accents, apostrophes and spacing do not matter. */
const headerForm = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Header (key, English or French label) → column key, so an export in either language imports again. */
export function headerKeys(columns: SheetColumn[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const c of columns) for (const h of [c.key, c.header.en, c.header.fr]) keys.set(headerForm(h), c.key);
  return keys;
}

/** A cell read back: the `'` our CSV export puts before formula-looking text is taken off again. */
export const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/**
 * A number as typed in either language ("1 234,50", "1,234.50", "27.60", "27,6") → "1234.50" with a decimal
 * point. The last `.` or `,` is the decimal mark unless it occurs twice (then both are thousands separators);
 * so a lone comma is decimal, as French users write it.
 */
export function decimalText(text: string): string {
  const s = text.replace(/[\s\u00a0\u202f]/g, '');
  const mark = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  if (mark < 0) return s;
  if (s.split(s[mark]!).length > 2) return s.replace(/[.,]/g, '');
  return `${s.slice(0, mark).replace(/[.,]/g, '')}.${s.slice(mark + 1)}`;
}

const TRUE_WORDS = new Set(['true', 'vrai', 'yes', 'oui', '1']);
const FALSE_WORDS = new Set(['false', 'faux', 'no', 'non', '0']);
const FR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The value of a typed cell as the input schemas expect it (decimal point, ISO dates, true/false). */
/** Excel's day numbers of 1970 to 2099 (a number such as a year typed alone is not taken for one). */
const excelSerial = (text: string) => /^\d{5}(\.\d+)?$/.test(text) && Number(text) >= 25569 && Number(text) < 73051;

export function cellInput(text: string, type: SheetColumnType): string {
  if (!text) return text;
  switch (type) {
    case 'money':
    case 'rate':
      return decimalText(text);
    case 'integer':
      return text.replace(/[\s\u00a0\u202f]/g, '');
    case 'boolean': {
      const word = text.toLowerCase();
      return TRUE_WORDS.has(word) ? 'true' : FALSE_WORDS.has(word) ? 'false' : text;
    }
    case 'date':
    case 'datetime': {
      // A date as Excel stores it (days since 1899-12-30): a cell whose date format was not read (the streaming
      // reader can meet a sheet before its styles), or a date typed in a General cell.
      if (excelSerial(text)) {
        const iso = new Date(Math.round((Number(text) - 25569) * 86_400_000)).toISOString();
        return type === 'date' ? iso.slice(0, 10) : iso;
      }
      const m = FR_DATE.exec(text);
      if (!m) return text;
      const date = `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
      if (type === 'date') return date;
      return `${date}T${pad(Number(m[4] ?? 0))}:${m[5] ?? '00'}:${m[6] ?? '00'}Z`;
    }
    default:
      return text;
  }
}

/** A row read from a file, its typed cells turned into what the input schemas expect. */
export const rowInput = (columns: SheetColumn[], values: SheetRow): SheetRow => {
  const out: SheetRow = Object.assign(Object.create(null) as SheetRow, values);
  for (const c of columns) if (values[c.key]) out[c.key] = cellInput(values[c.key]!, c.type);
  return out;
};

/**
 * Rows of an uploaded CSV or XLSX file as objects keyed by column key (headers found through `keys`: technical
 * key or label in either language; other headers kept as they are); empty lines skipped, line numbers kept, the
 * export's formula guard taken off. Parsed incrementally and stopped at the row cap, so no file blocks the event
 * loop or fills the memory.
 */
export async function readSheet(
  filename: string,
  data: Buffer,
  keys: Map<string, string> = new Map(),
): Promise<{ line: number; values: SheetRow }[]> {
  const isXlsx = data.subarray(0, 2).toString('latin1') === 'PK';
  if (!isXlsx && /\.xlsx$/i.test(filename))
    throw badRequest('unreadable_file', 'The file is not a valid XLSX workbook');
  const out: { line: number; values: SheetRow }[] = [];
  let headers: string[] | undefined;
  const take: RecordSink = (cells, line) => {
    if (line === 1) {
      headers = cells.map((h) => keys.get(headerForm(h)) ?? h.trim());
      return;
    }
    if (cells.every((c) => c.trim() === '')) return;
    if (out.length === MAX_ROWS) throw badRequest('too_many_rows', `At most ${MAX_ROWS} rows per import`);
    // No prototype: a header named `__proto__` or `constructor` is just a column.
    const values: SheetRow = Object.create(null) as SheetRow;
    (headers ?? []).forEach((h, j) => {
      if (h) values[h] = unguard((cells[j] ?? '').trim());
    });
    out.push({ line, values });
  };
  try {
    await (isXlsx ? eachXlsxRow(data, take) : eachCsvRecord(data, take));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('unreadable_file', 'The file could not be read as CSV or XLSX');
  }
  return out;
}
