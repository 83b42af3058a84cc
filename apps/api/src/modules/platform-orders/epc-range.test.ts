import { describe, expect, it } from 'vitest';
import { epcRange } from './epc-range';

describe('epcRange', () => {
  it('counts up from the first EPC, keeping its width and upper case', () => {
    expect(epcRange('30340000000000000000000A', 3)).toEqual([
      '30340000000000000000000A',
      '30340000000000000000000B',
      '30340000000000000000000C',
    ]);
    expect(epcRange('00FF', 2)).toEqual(['00FF', '0100']);
  });
  it('refuses a range that runs past the largest value of that width', () => {
    expect(epcRange('FFFE', 2)).toEqual(['FFFE', 'FFFF']);
    expect(epcRange('FFFE', 3)).toBeNull();
  });
});
