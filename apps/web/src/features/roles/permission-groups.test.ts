import { describe, expect, it } from 'vitest';
import { groupPermissions } from './permission-groups';

describe('permission groups', () => {
  it('groups by resource in catalogue order and drops empty groups', () => {
    expect(groupPermissions(['users.write', 'articles.read', 'articles.write'])).toEqual([
      { resource: 'articles', items: ['articles.read', 'articles.write'] },
      { resource: 'users', items: ['users.write'] },
    ]);
  });
});
