import { describe, expect, it } from 'vitest';
import { frFR } from '@mui/x-data-grid/locales';
import {
  formatMoney,
  formatMonth,
  formatRate,
  fromDecimalInput,
  previewPriceWithTax,
  toDecimalInput,
  withFrenchPunctuation,
} from './format';

describe('formats', () => {
  it('computes the price incl. tax without floats', () => {
    expect(previewPriceWithTax('27.60', '20')).toBe('33.12');
    expect(previewPriceWithTax('0.10', '5.5')).toBe('0.11');
    expect(previewPriceWithTax('12,5', '20')).toBe('15.00');
    expect(previewPriceWithTax('1.005', '0')).toBe('1.01');
    expect(previewPriceWithTax('abc', '20')).toBeNull();
  });

  it('formats amounts from decimal strings', () => {
    expect(formatMoney('1234.5', 'en')).toBe('€1,234.50');
    expect(formatMoney(null, 'fr')).toBe('—');
  });

  it('keeps a rate and its percent sign together: a narrow no-break space in French, none in English', () => {
    expect(formatRate('5.5', 'fr')).toBe('5,5\u202f%');
    expect(formatRate('20', 'fr-FR')).toBe('20\u202f%');
    expect(formatRate('5.5', 'en')).toBe('5.5%');
    expect(formatRate(null, 'fr')).toBe('—');
  });

  it('names a month in the language, whatever the time zone', () => {
    expect(formatMonth('2026-03', 'fr')).toBe('mars 2026');
    expect(formatMonth('2025-12', 'en')).toBe('Dec 2025');
    expect(formatMonth('2026-01', 'fr')).toBe('janv. 2026');
    expect(formatMonth('not a month', 'fr')).toBe('not a month');
  });
});

describe('decimal inputs', () => {
  it('show a server amount with the language separator, to the cent', () => {
    expect(toDecimalInput('27.6000', 'fr')).toBe('27,60');
    expect(toDecimalInput('27.6', 'en')).toBe('27.60');
    expect(toDecimalInput('12', 'fr')).toBe('12,00');
    expect(toDecimalInput('12.3450', 'fr')).toBe('12,345');
    expect(toDecimalInput('5.50', 'fr', 0)).toBe('5,5');
    expect(toDecimalInput('20.00', 'fr', 0)).toBe('20');
    expect(toDecimalInput('', 'fr')).toBe('');
  });

  it('read what the user typed, comma or point', () => {
    expect(fromDecimalInput('27,60')).toBe('27.60');
    expect(fromDecimalInput(' 27.60 ')).toBe('27.60');
    expect(fromDecimalInput('1\u202f234,5')).toBe('1234.5');
    expect(fromDecimalInput('1 234,5')).toBe('1234.5');
  });

  it('gives a library’s French texts their narrow no-break spaces, in strings, functions and nested texts', () => {
    const texts = withFrenchPunctuation({
      rows: 'Lignes par page :',
      total: (n: number) => `Total de lignes : ${n}`,
      nested: { ask: 'Vraiment ?', done: 'Fait\u202f!' },
      count: 3,
    });
    expect(texts.rows).toBe('Lignes par page\u202f:');
    expect(texts.total(4)).toBe('Total de lignes\u202f: 4');
    expect(texts.nested).toEqual({ ask: 'Vraiment\u202f?', done: 'Fait\u202f!' });
    expect(texts.count).toBe(3);
    const grid = withFrenchPunctuation(frFR.components.MuiDataGrid.defaultProps.localeText);
    expect(grid.paginationRowsPerPage).toBe('Lignes par page\u202f:');
  });
});
