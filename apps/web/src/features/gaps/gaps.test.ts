import { describe, expect, it } from 'vitest';
import type { TGapRow } from '@tagstock/contract';
import { formatGap, formatGapValue, gapChart, gapColor, groupingOf } from './gaps';

const narrow = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const row = (label: string, gapValue: string): TGapRow => ({
  key: 1,
  label,
  theoretical: 10,
  counted: 8,
  gap: -2,
  gapValue,
  previousGap: null,
  previousGapValue: null,
});

describe('inventory gaps', () => {
  it('reads the grouping from the URL, by article otherwise', () => {
    expect(groupingOf('category')).toBe('category');
    expect(groupingOf('attribution')).toBe('attribution');
    expect(groupingOf('nonsense')).toBe('article');
    expect(groupingOf(null)).toBe('article');
  });

  it('says a gap with its sign, in units and in euros from the decimal string', () => {
    expect(formatGap(3, 'en')).toBe('+3');
    expect(formatGap(-2, 'en')).toBe('-2');
    expect(formatGap(0, 'en')).toBe('0');
    expect(formatGap(null, 'en')).toBe('—');
    expect(formatGapValue('-1234.5', 'en')).toBe('-€1,234.50');
    expect(narrow(formatGapValue('0.10', 'fr'))).toBe('+0,10 €');
    expect(formatGapValue(null, 'fr')).toBe('—');
  });

  it('colours what is short and what is over', () => {
    expect([gapColor(-1), gapColor(0), gapColor(2)]).toEqual(['error.main', undefined, 'success.main']);
  });

  it('charts the largest gaps first, as many as asked', () => {
    const chart = gapChart([row('A', '-120.50'), row('B', '30'), row('C', '-2')], 2);
    expect(chart.labels).toEqual(['A', 'B']);
    expect(chart.values).toEqual([-120.5, 30]);
  });
});
