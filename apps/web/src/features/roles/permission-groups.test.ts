import { describe, expect, it } from 'vitest';
import { PERMISSIONS, RESOURCES, type TPermission } from '@tagstock/contract';
import { ADMIN_NAV } from '../../areas/admin/admin-nav';
import { ADMIN_FEATURES } from '../../areas/admin/registry';
import { offeredResources, permissionDiff, togglePermission } from './permission-groups';

describe('permission catalogue', () => {
  it('offers only permissions of screens that exist, each screen’s among them', () => {
    const screens = new Set(ADMIN_NAV.map((item) => item.permission?.split('.')[0]));
    const offered = offeredResources(ADMIN_NAV);
    expect(offered.filter((resource) => !screens.has(resource))).toEqual([]);
    expect([...screens].filter((resource) => resource && !RESOURCES.some((r) => r === resource))).toEqual([]);
  });

  it('has the menu entry of every registered feature, with a permission the API knows', () => {
    for (const item of ADMIN_FEATURES.flatMap((feature) => feature.nav ?? [])) {
      expect(
        ADMIN_NAV.some((entry) => entry.path === item.path),
        item.path,
      ).toBe(true);
      expect(PERMISSIONS as readonly string[], item.path).toContain(item.permission);
    }
  });
});

describe('read / write toggles', () => {
  const of = (...p: TPermission[]) => new Set<TPermission>(p);
  it('write brings read; read off takes write along; write off keeps read', () => {
    expect([...togglePermission(of(), 'articles', 'write', true)].sort()).toEqual(['articles.read', 'articles.write']);
    expect([...togglePermission(of('articles.read', 'articles.write'), 'articles', 'read', false)]).toEqual([]);
    expect([...togglePermission(of('articles.read', 'articles.write'), 'articles', 'write', false)]).toEqual([
      'articles.read',
    ]);
    expect([...togglePermission(of('users.read'), 'articles', 'read', true)].sort()).toEqual([
      'articles.read',
      'users.read',
    ]);
  });

  it('diffs the selection against the saved set', () => {
    expect(permissionDiff(['users.read', 'logs.read'], of('logs.read', 'tags.read'))).toEqual({
      added: ['tags.read'],
      removed: ['users.read'],
    });
  });
});
