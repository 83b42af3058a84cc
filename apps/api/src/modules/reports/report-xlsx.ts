import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import { type TReportCell, type TReportResult } from '@tagstock/contract';
import { xlsxCell, type SheetColumnType } from '../../platform/spreadsheet';
import { pageTaken } from '../tenant-export/tenant-export.service';
import type { ReportPagesHead } from './reports.service';

const UNIT_TYPES: Record<TReportResult['columns'][number]['unit'], SheetColumnType> = {
  money: 'money',
  quantity: 'integer',
  count: 'integer',
  date: 'date',
  text: 'text',
};
const FORMATS: Partial<Record<SheetColumnType, (lang: 'fr' | 'en') => string>> = {
  money: () => '#,##0.00',
  integer: () => '#,##0',
  date: (lang) => (lang === 'fr' ? 'dd/mm/yyyy' : 'yyyy-mm-dd'),
};
const TOTAL = { fr: 'Total', en: 'Total' };
const n = (x: number, lang: 'fr' | 'en') => x.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB');
const CUT = {
  fr: (kept: number, all: number) =>
    `Fichier limité à ${n(kept, 'fr')} lignes sur ${n(all, 'fr')} ; le total porte sur toutes les lignes.`,
  en: (kept: number, all: number) =>
    `File cut at ${n(kept, 'en')} rows of ${n(all, 'en')}; the totals are of every row.`,
};
/** Column widths are computed from this many first rows. */
const WIDTH_ROWS = 200;

/**
 * A report as XLSX, written by exceljs' streaming writer as its pages are read: typed cells (amounts and quantities
 * as numbers with their format, days as dates), a bold header row frozen above the rows, a bold totals row (of every
 * row of the query), column widths from the first rows, and a last line saying so when the file is cut (REPORT_XLSX_ROWS_MAX, or the query's own limit). The next page
 * is read only once exceljs and the client have taken the previous one (`pageTaken`), so memory stays one page
 * whatever the number of rows; a client gone stops the reading.
 */
export function reportXlsx(
  head: ReportPagesHead,
  pages: AsyncGenerator<TReportCell[][]>,
  lang: 'fr' | 'en',
  sheetName: string,
): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Report', {
        views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
      });
      const types = head.columns.map((c) => UNIT_TYPES[c.unit]);
      const formats = types.map((t) => FORMATS[t]?.(lang));
      const format = (row: { getCell(i: number): { numFmt: string } }) =>
        formats.forEach((f, i) => {
          if (f) row.getCell(i + 1).numFmt = f;
        });
      let started = false;
      const start = (firstRows: TReportCell[][]) => {
        started = true;
        sheet.columns = head.columns.map((c, i) => {
          const longest = Math.max(
            c.label.length,
            ...firstRows.slice(0, WIDTH_ROWS).map((r) => String(r[i] ?? '').length),
          );
          return { key: c.id, width: Math.min(60, Math.max(12, longest + 2)) };
        });
        const header = sheet.addRow(head.columns.map((c) => c.label));
        header.font = { bold: true };
        header.commit();
      };
      for await (const page of pages) {
        if (!started) start(page);
        for (const values of page) {
          const row = sheet.addRow(values.map((v, i) => xlsxCell(v, types[i]!)));
          format(row);
          row.commit();
        }
        await pageTaken(sheet, out);
        if (out.destroyed) return void (await pages.return(undefined));
        // PGlite runs on this thread: let waiting requests in between two pages.
        await yieldToLoop();
      }
      if (!started) start([]);
      // Without dimensions the one row is already the total.
      if (head.columns[0]?.kind === 'dimension') {
        const totals = sheet.addRow(
          head.columns.map((c, i) =>
            c.kind === 'measure' ? xlsxCell(head.totals[c.id], types[i]!) : i === 0 ? TOTAL[lang] : null,
          ),
        );
        totals.font = { bold: true };
        format(totals);
        totals.commit();
      }
      if (head.kept < head.rowCount) {
        const note = sheet.addRow([CUT[lang](head.kept, head.rowCount)]);
        note.font = { italic: true };
        note.commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
