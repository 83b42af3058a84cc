import { describe, expect, it } from 'vitest';
import { antennasFromText, antennasToText } from './AntennasEditor';
import { epcLines } from './BindTagsDialog';

describe('rfid screens helpers', () => {
  it('keeps antennas as text in the form and gives the schema a list', () => {
    const antennas = [
      { port: 1, side: 'inner' as const },
      { port: 2, side: 'outer' as const },
    ];
    expect(antennasToText(antennas)).toBe('1:inner,2:outer');
    expect(antennasFromText('1:inner,2:outer')).toEqual(antennas);
    expect(antennasFromText('')).toEqual([]);
    expect(antennasToText(null)).toBe('');
  });

  it('reads one EPC per line, skipping blank lines', () => {
    expect(epcLines(' 3034AA \r\n\n30340242201D8C4000000002\n  ')).toEqual(['3034AA', '30340242201D8C4000000002']);
  });
});
