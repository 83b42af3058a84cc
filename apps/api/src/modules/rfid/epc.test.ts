import { describe, expect, it } from 'vitest';
import { decodeSgtin96, epcToHex, gs1CheckDigit } from './epc';

describe('EPC decoding', () => {
  it('decodes GS1 SGTIN-96 to GTIN-14 and serial', () => {
    // GS1 EPC Tag Data Standard example: urn:epc:id:sgtin:0614141.812345.6789, filter 3.
    expect(decodeSgtin96('3074257BF7194E4000001A85')).toEqual({ gtin: '80614141123458', serial: '6789', filter: 3 });
    expect(decodeSgtin96('3074257bf7194e4000001a85')?.gtin).toBe('80614141123458');
  });

  it('keeps non-GS1 EPCs as hex without error', () => {
    expect(decodeSgtin96('E2801160600002084A2F1B7C')).toBeNull();
    expect(decodeSgtin96('3000')).toBeNull();
    // Partition 7 does not exist.
    expect(decodeSgtin96('307E257BF7194E4000001A85')).toBeNull();
  });

  it('computes GS1 check digits', () => {
    expect(gs1CheckDigit('0061414112345')).toBe(2);
    expect(gs1CheckDigit('8061414112345')).toBe(8);
  });

  it('reads hex and base64 EPCs, refusing garbage', () => {
    expect(epcToHex('MHQle/cZTkAAABqF', 'base64')).toBe('3074257BF7194E4000001A85');
    expect(epcToHex('3074257bf7194e4000001a85', 'hex')).toBe('3074257BF7194E4000001A85');
    expect(epcToHex('xyz', 'hex')).toBeNull();
    expect(epcToHex('!!', 'base64')).toBeNull();
    expect(epcToHex('', 'base64')).toBeNull();
  });
});
