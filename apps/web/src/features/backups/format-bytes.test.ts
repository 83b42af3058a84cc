import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatBytes', () => {
  it('says a size in decimal units, in the language’s words', () => {
    expect(formatBytes(0, 'en')).toBe('0 kB');
    expect(formatBytes(2_048, 'en')).toBe('2 kB');
    expect(formatBytes(6_534_922, 'en')).toBe('6.5 MB');
    expect(formatBytes(65_349_220, 'en')).toBe('65 MB');
    expect(formatBytes(1_250_000_000, 'en')).toBe('1.3 GB');
    expect(plain(formatBytes(6_534_922, 'fr'))).toBe('6,5 Mo');
    expect(plain(formatBytes(2_048, 'fr'))).toBe('2 ko');
  });
});
