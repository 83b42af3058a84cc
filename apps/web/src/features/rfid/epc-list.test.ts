import { describe, expect, it } from 'vitest';
import { epcsOf, invalidEpcs } from './epc-list';

describe('EPC lists', () => {
  it('splits pasted or scanned EPCs on lines, spaces, commas and semicolons', () => {
    expect(epcsOf(' E280 1170\r\n\nE2801171;E2801172 , e2801173 ')).toEqual([
      'E280',
      '1170',
      'E2801171',
      'E2801172',
      'e2801173',
    ]);
    expect(epcsOf('  \n ')).toEqual([]);
  });

  it('names the entries that are not EPCs', () => {
    expect(
      invalidEpcs([
        'E2801170',
        'e280',
        'E28',
        'XYZW',
        'E2801170E2801170E2801170E2801170E2801170E2801170E2801170E2801170E280',
      ]),
    ).toEqual(['E28', 'XYZW', 'E2801170E2801170E2801170E2801170E2801170E2801170E2801170E2801170E280']);
  });
});
