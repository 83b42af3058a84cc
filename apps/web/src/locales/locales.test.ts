import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const valueAt = (tree: Tree, path: string): string => {
  const found = path
    .split('.')
    .reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);
  if (typeof found !== 'string') throw new Error(`no string at ${path}`);
  return found;
};

describe('locales', () => {
  it('en and fr have exactly the same keys', () => {
    expect(keysOf(fr as Tree).sort()).toEqual(keysOf(en as Tree).sort());
  });

  it('no translation is empty and placeholders match', () => {
    for (const key of keysOf(en as Tree)) {
      const english = valueAt(en as Tree, key);
      const french = valueAt(fr as Tree, key);
      expect(english.trim(), key).not.toBe('');
      expect(french.trim(), key).not.toBe('');
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
  });

  it('keeps the exact texts the spec fixes', () => {
    expect(en.auth.signInFailed).toBe('Failed to sign in. Email or Password incorrect.');
    expect(en.blocked.title).toBe('Sorry, you are not allowed to use the dashboard on the web.');
    expect(en.blocked.text).toBe('Please use the mobile app instead.');
    expect(en.blocked.backToLogin).toBe('Go Back to Login');
    expect(en.errors.unexpectedTitle).toBe('Unexpected Application Error!');
    expect(en.realtime.unauthorizedExit).toBe(
      '{{designation}} was out from {{location}} without authorization. Reason: {{message}}',
    );
  });
});
