import { priceWithTax } from '@tagstock/contract/money';

/** Display formats for the current UI language. Amounts arrive as decimal strings and are formatted as such (no float). */
export const formatMoney = (value: string | null | undefined, language: string): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(value as `${number}`);

/** A rate: "5,5 %" in French (a narrow no-break space: never "5,5" on one line and "%" on the next), "5.5%" in English. */
export const formatRate = (value: string | null | undefined, language: string): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value as `${number}`)}${
        language.startsWith('fr') ? '\u202f' : ''
      }%`;

export const formatNumber = (value: number | null | undefined, language: string): string =>
  value === null || value === undefined ? '—' : new Intl.NumberFormat(language).format(value);

export const formatDate = (iso: string | null | undefined, language: string): string =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)) : '—';

/** A month (`2026-03`) as its name and year: "mars 2026", "Mar 2026". */
export const formatMonth = (month: string, language: string): string =>
  /^\d{4}-\d{2}$/.test(month)
    ? new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${month}-01T00:00:00Z`),
      )
    : month;

export const formatDateTime = (iso: string | null | undefined, language: string): string =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/**
 * Price incl. tax while the form is typed: the contract's decimal computation (the server's own), once both
 * inputs are valid amounts (a decimal comma accepted); null until then.
 */
export const previewPriceWithTax = (priceHt: string, vatRate: string): string | null => {
  const ht = priceHt.trim().replace(',', '.');
  const rate = vatRate.trim().replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,4})?$/.test(ht) || !/^\d{1,3}(\.\d{1,2})?$/.test(rate)) return null;
  return priceWithTax(ht, rate);
};

/** The decimal separator of a language ("," in French). */
export const decimalSeparator = (language: string): string =>
  new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/**
 * A decimal string from the server as the user edits it: the language's separator, cents kept for money
 * ("27.6000" → "27,60"), no trailing zeros for a rate ("5.50" → "5,5"). Text only, never a float.
 */
export const toDecimalInput = (value: string, language: string, minDecimals = 2): string => {
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const decimals = (m[2] ?? '').replace(/0+$/, '').padEnd(minDecimals, '0');
  return decimals ? `${m[1]}${decimalSeparator(language)}${decimals}` : m[1]!;
};

/** What the user typed as the contract's decimal text: "27,60", "27.60" and "1 234,5" all read as dots. */
export const fromDecimalInput = (text: string): string =>
  text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');

/** French typography on a text written with ordinary spaces: a narrow no-break space before : ; ? ! */
export const frenchPunctuation = (text: string): string => text.replace(/[ \u00a0]([:;?!])/g, '\u202f$1');

/** A library's texts (strings and functions of strings) with French punctuation: MUI's own say "Lignes par page :". */
export function withFrenchPunctuation<T extends object>(texts: T): T {
  return Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? frenchPunctuation(value)
        : typeof value === 'function'
          ? (...args: unknown[]) => {
              const out: unknown = (value as (...a: unknown[]) => unknown)(...args);
              return typeof out === 'string' ? frenchPunctuation(out) : out;
            }
          : value && typeof value === 'object' && !Array.isArray(value)
            ? withFrenchPunctuation(value as object)
            : value,
    ]),
  ) as T;
}
