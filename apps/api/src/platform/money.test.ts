import { describe, expect, it } from 'vitest';
import { priceWithTax } from './money';

describe('priceWithTax', () => {
  it('computes in decimal, not float', () => {
    expect(priceWithTax('10.00', '20')).toBe('12.00');
    expect(priceWithTax('0.10', '20')).toBe('0.12');
    // 1.005 × 1.2 = 1.206 exactly; a float would drift.
    expect(priceWithTax('1.005', '20')).toBe('1.21');
    expect(priceWithTax('19.99', '5.5')).toBe('21.09');
    expect(priceWithTax('1234567.89', '0')).toBe('1234567.89');
  });
});
