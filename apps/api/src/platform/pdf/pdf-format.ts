import { Decimal } from 'decimal.js';

export type PdfLanguage = 'fr' | 'en';

// A no-break space groups French thousands: the narrow one Intl uses (U+202F) has no glyph in Roboto.
const NBSP = '\u00a0';
const STYLE: Record<PdfLanguage, { group: string; point: string }> = {
  fr: { group: NBSP, point: ',' },
  en: { group: ',', point: '.' },
};

/** Digits of a non-negative decimal text with the language's thousands groups and decimal point. */
function digits(fixed: string, language: PdfLanguage): string {
  const [int = '0', frac] = fixed.split('.');
  const style = STYLE[language];
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, style.group);
  return frac ? `${grouped}${style.point}${frac}` : grouped;
}

/** A decimal text with at least `min` and at most `max` decimals, rounded half-up in decimal (never a float). */
function fixed(value: string, min: number, max: number): { text: string; negative: boolean } {
  const d = new Decimal(value).toDecimalPlaces(max, Decimal.ROUND_HALF_UP);
  const places = Math.min(max, Math.max(min, d.decimalPlaces()));
  return { text: d.abs().toFixed(places), negative: d.isNegative() && !d.isZero() };
}

/**
 * An amount in euros from its decimal text: 1 234,50 € in French, €1,234.50 in English. Totals show cents;
 * unit prices may carry up to 4 decimals (a tag at 0,0125 €), so `maxDecimals` lets them through.
 */
export function formatMoney(value: string, language: PdfLanguage, maxDecimals = 2): string {
  const { text, negative } = fixed(value, 2, maxDecimals);
  const sign = negative ? '-' : '';
  return language === 'fr' ? `${sign}${digits(text, language)}${NBSP}€` : `${sign}€${digits(text, language)}`;
}

/** A plain decimal number with thousands groups and no trailing zeros (at most 4 decimals): 1 500 / 1,500. */
export function formatNumber(value: string | number, language: PdfLanguage): string {
  const { text, negative } = fixed(String(value), 0, 4);
  return `${negative ? '-' : ''}${digits(text, language)}`;
}

/** A percentage from its decimal text: 5,5 % in French, 5.5% in English. */
export function formatPercent(value: string, language: PdfLanguage): string {
  return `${formatNumber(value, language)}${language === 'fr' ? `${NBSP}%` : '%'}`;
}

/** A calendar day (yyyy-mm-dd) in the language's usual order: 31/12/2026 in French, 2026-12-31 in English. */
export function formatDate(iso: string, language: PdfLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return language === 'fr' ? `${m[3]}/${m[2]}/${m[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
}

// Control characters other than tab and line feed, and halves of surrogate pairs left alone: none can be drawn.
const UNPRINTABLE = /[^\P{Cc}\t\n]|\p{Cs}/gu;

// pdfmake cuts a word wider than its column by measuring what is left of it again for each line (and caching
// every measure): a 20,000-character word exhausts a 512 MiB heap. A zero-width space every 30 characters of a
// long word gives it places to break instead; it draws nothing and Roboto has it.
const LONG_WORD = /\S{31,}/gu;
const ZWSP = '\u200b';

/**
 * Text from the database as it may be printed: unprintable characters dropped, tabs as spaces, narrow no-break
 * spaces as no-break spaces (Roboto has no glyph for them), long words breakable.
 */
export function printable(text: string): string {
  return text
    .replace(UNPRINTABLE, '')
    .replaceAll('\u202f', NBSP)
    .replaceAll('\t', ' ')
    .replace(LONG_WORD, (word) => (word.match(/.{1,30}/gsu) ?? [word]).join(ZWSP));
}
