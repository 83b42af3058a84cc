import { describe, expect, it } from 'vitest';
import { formatBytes } from './ExportAllData';

describe('formatBytes', () => {
  it('says a size in the unit that suits it, in the user’s language', () => {
    expect(formatBytes(850, 'en')).toBe('0.9 kB');
    expect(formatBytes(850_000, 'fr')).toBe('850\u202fko');
    expect(formatBytes(12_400_000, 'en')).toBe('12.4 MB');
    expect(formatBytes(12_400_000, 'fr')).toBe('12,4\u202fMo');
    expect(formatBytes(1_234_000_000, 'fr')).toBe('1,2\u202fGo');
  });
});
