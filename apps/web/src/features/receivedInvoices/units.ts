import type { TFunction } from 'i18next';

/*
 * Units of measure of invoice lines (BT-130: UN/ECE Recommendation 20 codes, and Rec. 21 packages as X…) named
 * for people: a symbol the same in every language, or words in the user's language that agree with the quantity
 * (`einvoiceReception.units.<code>`: "2 pièces", "1 heure"). Any other code is shown as written.
 */

/** Symbols (SI and usual), the same in French and English. */
const SYMBOLS: Record<string, string> = {
  KGM: 'kg',
  GRM: 'g',
  TNE: 't',
  MTR: 'm',
  CMT: 'cm',
  MMT: 'mm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'l',
  CLT: 'cl',
  MLT: 'ml',
  KWH: 'kWh',
  SEC: 's',
  MIN: 'min',
  P1: '%',
};

/** Codes named with words, translated. */
export const UNIT_WORD_CODES = [
  'H87',
  'C62',
  'EA',
  'XPP',
  'SET',
  'PR',
  'XBX',
  'XPK',
  'XRO',
  'LS',
  'E48',
  'HUR',
  'DAY',
  'WEE',
  'MON',
  'ANN',
] as const;
const WORDS = new Set<string>(UNIT_WORD_CODES);

/** The name of a unit for this quantity, in the user's language; null for a code without a name here. */
export function unitName(code: string | null, quantity: string | null, t: TFunction): string | null {
  if (!code) return null;
  const symbol = SYMBOLS[code];
  if (symbol) return symbol;
  if (!WORDS.has(code)) return null;
  const count = Math.abs(Number(quantity));
  return t(`einvoiceReception.units.${code}`, { count: Number.isFinite(count) ? count : 2 });
}
