import type { TFunction } from 'i18next';
import type { TImportError, TImportReport, TSheetLang } from '@tagstock/contract';
import { validationKey, type FieldKind } from './form-errors';

/** The file language of the screen's language: headers and number style of exports, templates and imports. */
export const sheetLang = (language: string | undefined): TSheetLang => (language?.startsWith('fr') ? 'fr' : 'en');

const KIND: Record<string, FieldKind> = { money: 'money', rate: 'rate', integer: 'number', date: 'date' };

/** The column's header as the file has it in the user's language (the report's labels), else its key. */
export const columnLabel = (report: TImportReport, key: string) =>
  report.columns?.find((c) => c.key === key)?.label ?? key;

/** A row error in the user's language, from its code and parameters (the server's text is for API clients). */
export const importErrorText = (error: TImportError, report: TImportReport, t: TFunction): string => {
  const params = error.params ?? {};
  switch (error.code) {
    case 'missing_column':
      return t('transfer.errors.missingColumn', { column: columnLabel(report, error.column) });
    case 'unknown_reference':
      return t('transfer.errors.unknownReference', { value: params.value });
    case 'duplicate':
      return t('transfer.errors.duplicate', { line: params.line });
    default: {
      const type = report.columns?.find((c) => c.key === error.column)?.type ?? 'text';
      const key = validationKey(
        { type: typeof params.issue === 'string' ? params.issue : undefined, message: error.message },
        { name: error.column, kind: KIND[type] ?? 'text' },
      );
      return t(key);
    }
  }
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-looking text guarded as the server's exports do, quoted when needed. */
const csvCell = (text: string, sep: string) => {
  const value = FORMULA_START.test(text) && !/^-?\d+([.,]\d+)?$/.test(text) ? `'${text}` : text;
  return value.includes(sep) || /["\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
};

/**
 * The rejected rows of a `validOnly` import as CSV (UTF-8 with BOM; `;` in French as French Excel expects): the
 * file's columns in the user's language, the line in the file, and the reasons.
 */
export const rejectedCsv = (report: TImportReport, lang: TSheetLang, t: TFunction): string => {
  const sep = lang === 'fr' ? ';' : ',';
  const rejected = report.rejected ?? [];
  const present = new Set(rejected.flatMap((r) => Object.keys(r.values)));
  const keys = [
    ...(report.columns ?? []).map((c) => c.key).filter((k) => present.has(k)),
    ...[...present].filter((k) => !report.columns?.some((c) => c.key === k)),
  ];
  const header = [t('transfer.line'), ...keys.map((k) => columnLabel(report, k)), t('transfer.reason')];
  const lines = rejected.map((r) => [
    String(r.line),
    ...keys.map((k) => r.values[k] ?? ''),
    r.errors
      .map((e) =>
        t('transfer.reasonOf', { column: columnLabel(report, e.column), message: importErrorText(e, report, t) }),
      )
      .join(' | '),
  ]);
  return (
    '\uFEFF' + [header, ...lines].map((cells) => cells.map((c) => csvCell(c, sep)).join(sep)).join('\r\n') + '\r\n'
  );
};
