import { describe, expect, it } from 'vitest';
import { formatEuros, formatQuantity } from './format';

describe('dashboard formats', () => {
  it('formats by language', () => {
    expect(formatQuantity(12345, 'en')).toBe('12,345');
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
    // French uses narrow no-break spaces as group separators.
    expect(formatEuros(1234.5, 'fr').replace(/\s/g, ' ')).toBe('1 234,50 €');
  });

  it('shows a dash before the first update', () => {
    expect(formatQuantity(null, 'en')).toBe('—');
    expect(formatEuros(null, 'fr')).toBe('—');
  });
});
