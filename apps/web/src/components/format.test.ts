import { describe, expect, it } from 'vitest';
import { formatMoney, priceWithTax } from './format';

describe('formats', () => {
  it('computes the price incl. tax without floats', () => {
    expect(priceWithTax('27.60', '20')).toBe('33.12');
    expect(priceWithTax('0.10', '5.5')).toBe('0.11');
    expect(priceWithTax('12,5', '20')).toBe('15.00');
    expect(priceWithTax('1.005', '0')).toBe('1.01');
    expect(priceWithTax('abc', '20')).toBeNull();
  });

  it('formats amounts from decimal strings', () => {
    expect(formatMoney('1234.5', 'en')).toBe('€1,234.50');
    expect(formatMoney(null, 'fr')).toBe('—');
  });
});
