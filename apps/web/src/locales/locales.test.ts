import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { ADMIN_TEXTS } from './admin-texts';

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

const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

// The base texts load with the app; the admin texts load with the admin area (bundle budget).
const PAIRS = [
  ['base', en, fr],
  ['admin', adminEn, adminFr],
] as const;

// Words written the same in both languages; any other French text equal to its English one is untranslated.
const SAME_IN_BOTH = new Set([
  '',
  '—',
  'Tagstock',
  'Version',
  'ID',
  'Stock',
  'RFID',
  'Administration',
  'Super admin',
  'Français',
  'English',
  'Article',
  'Articles',
  'article',
  'articles',
  'Tag',
  'Tags',
  'Webhook',
  'Webhooks',
  'webhook',
  'webhooks',
  'Secret',
  'tag',
  'tags',
  'Lot',
  'lot',
  'lots',
  'terminal',
  'Actions',
  'Action',
  'Contact',
  'Description',
  'Note',
  'Notes',
  'Date',
  'Permissions',
  'Source',
  'Type',
  'Message',
  'Image',
  'Logo',
  'Service',
  'Web',
  'Mobile',
  'Port',
  'EPC',
  'GTIN',
  'TID',
  'IMEI',
  'SIREN',
  'IBAN',
  'BIC',
  'RSSI (dBm)',
  'Tag (EPC)',
  'Excel (.xlsx)',
  'CSV (.csv)',
  'Impinj',
  'Zebra',
  'Import',
  'Terminal',
  '/',
  'Total',
  'Question',
]);

// A literal header value, not French prose.
const TYPOGRAPHY_EXCEPTIONS = new Set(['readers.secretWarning']);

// In French a narrow no-break space (U+202F) goes before : ; ? ! and inside « ».
const typographyFaults = (text: string) =>
  [
    ...text.matchAll(/[^\u202f]([:;?!])(?=\s|$)/g),
    ...text.matchAll(/«[^\u202f]|[^\u202f]»/g),
    ...text.matchAll(/^[:;?!]/g),
  ].map((m) => m[0]);

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

  it.each(PAIRS)('%s: French texts are translated, not copied from English', (_name, englishTree, frenchTree) => {
    const copied = keysOf(englishTree as Tree).filter((key) => {
      const french = valueAt(frenchTree as Tree, key);
      const word = french.replace(/{{\s*\w+\s*}}/g, '').trim();
      return french === valueAt(englishTree as Tree, key) && !SAME_IN_BOTH.has(word);
    });
    expect(copied).toEqual([]);
  });

  it.each(PAIRS)('%s: French typography (narrow no-break spaces)', (_name, _english, frenchTree) => {
    const faults = keysOf(frenchTree as Tree)
      .filter((key) => !TYPOGRAPHY_EXCEPTIONS.has(key))
      .map((key) => [key, typographyFaults(valueAt(frenchTree as Tree, key))] as const)
      .filter(([, found]) => found.length > 0);
    expect(faults).toEqual([]);
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
      fileUploaded: 'File uploaded',
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
