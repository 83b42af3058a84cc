import { PassThrough, type Readable } from 'node:stream';
import type { TReportResult } from '@tagstock/contract';
import { xlsxCell, type SheetColumnType } from '../../platform/spreadsheet';

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

/**
 * A report as XLSX, written by exceljs' streaming writer: typed cells (amounts and quantities as numbers with their
 * format, days as dates), a bold header row frozen above the rows, a bold totals row and column widths.
 */
export function reportXlsx(result: TReportResult, lang: 'fr' | 'en', sheetName: string): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Report', {
        views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
      });
      const types = result.columns.map((c) => UNIT_TYPES[c.unit]);
      sheet.columns = result.columns.map((c, i) => {
        const longest = Math.max(c.label.length, ...result.rows.slice(0, 200).map((r) => String(r[i] ?? '').length));
        return { key: c.id, width: Math.min(60, Math.max(12, longest + 2)) };
      });
      const header = sheet.addRow(result.columns.map((c) => c.label));
      header.font = { bold: true };
      header.commit();
      const format = (row: { getCell(i: number): { numFmt: string } }) =>
        types.forEach((t, i) => {
          const f = FORMATS[t]?.(lang);
          if (f) row.getCell(i + 1).numFmt = f;
        });
      for (const values of result.rows) {
        const row = sheet.addRow(values.map((v, i) => xlsxCell(v, types[i]!)));
        format(row);
        row.commit();
      }
      // Without dimensions the one row is already the total.
      if (result.columns[0]?.kind === 'dimension') {
        const totals = sheet.addRow(
          result.columns.map((c, i) =>
            c.kind === 'measure' ? xlsxCell(result.totals[c.id], types[i]!) : i === 0 ? TOTAL[lang] : null,
          ),
        );
        totals.font = { bold: true };
        format(totals);
        totals.commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
