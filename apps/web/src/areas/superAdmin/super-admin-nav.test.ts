import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { SUPER_ADMIN_NAV } from './super-admin-nav';
import { ADMIN_TEXTS } from '../../locales/admin-texts';
const { en: adminEn, fr: adminFr } = ADMIN_TEXTS;

type Tree = { [key: string]: string | Tree };
const text = (trees: Tree[], key: string) =>
  trees
    .map((tree) =>
      key
        .split('.')
        .reduce<string | Tree | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), tree),
    )
    .find((v) => typeof v === 'string');

describe('super admin navigation', () => {
  it('lists each screen once, under /superAdmin, named in English and French', () => {
    const paths = SUPER_ADMIN_NAV.map((item) => item.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const item of SUPER_ADMIN_NAV) {
      expect(item.path).toMatch(/^\/superAdmin(\/[a-zA-Z]+)?$/);
      expect(text([en, adminEn] as Tree[], item.labelKey), item.labelKey).toBeTruthy();
      expect(text([fr, adminFr] as Tree[], item.labelKey), item.labelKey).toBeTruthy();
    }
  });

  it('offers the backups screen under Administration', () => {
    expect(SUPER_ADMIN_NAV.find((item) => item.path === '/superAdmin/backups')).toMatchObject({
      labelKey: 'nav.backups',
      group: 'administration',
    });
  });
});
