import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import adminEn from './admin/en.json';
import adminFr from './admin/fr.json';

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

// The base texts load with the app; the admin texts load with the admin area (bundle budget).
const PAIRS = [
  ['base', en, fr],
  ['admin', adminEn, adminFr],
] as const;

describe('locales', () => {
  it.each(PAIRS)('%s: en and fr have exactly the same keys', (_name, english, french) => {
    expect(keysOf(french as Tree).sort()).toEqual(keysOf(english as Tree).sort());
  });

  it.each(PAIRS)('%s: no translation is empty and placeholders match', (_name, englishTree, frenchTree) => {
    for (const key of keysOf(englishTree as Tree)) {
      const english = valueAt(englishTree as Tree, key);
      const french = valueAt(frenchTree as Tree, key);
      expect(english.trim(), key).not.toBe('');
      expect(french.trim(), key).not.toBe('');
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
  });

  it('the admin texts do not redefine a base text', () => {
    const base = new Set(keysOf(en as Tree));
    expect(keysOf(adminEn as Tree).filter((key) => base.has(key))).toEqual([]);
  });

  it('keeps the exact SPEC texts of the admin screens', () => {
    expect(adminEn.messages).toMatchObject({
      created: 'Created successfully',
      edited: 'Edited successfully',
      deleted: 'Deleted successfully',
      customerCreated: 'Customer created',
      userCreated: 'User created',
      incremented: 'Incremented successfully',
      decremented: 'Decremented successfully',
      imageUpdated: 'Image updated',
      uploadFailed: 'Error uploading file',
      permissionsAdded: 'Role permissions added',
      permissionsDeleted: 'Role permissions deleted',
    });
    expect(adminEn.validation.greaterThanZero).toBe('The value should be greater than 0');
    expect(adminEn.validation.selectSupplier).toBe('Select a supplier');
    expect(adminEn.roles.noPermissionToAdd).toBe('No permission to add.');
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
