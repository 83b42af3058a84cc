import { describe, expect, it } from 'vitest';
import { buildNavSections, type NavItem } from './nav';

const Icon = () => null;
const items: NavItem[] = [
  { labelKey: 'nav.users', path: '/admin/users', icon: Icon, group: 'administration', permission: 'users.read' },
  { labelKey: 'nav.dashboard', path: '/admin/dashboard', icon: Icon, permission: 'dashboard.read' },
  { labelKey: 'nav.articles', path: '/admin/articles', icon: Icon, group: 'stock' },
];

describe('buildNavSections', () => {
  it('puts ungrouped entries first and groups in the fixed order', () => {
    const sections = buildNavSections(items, ['dashboard.read', 'users.read']);
    expect(sections.map((s) => s.group)).toEqual([null, 'stock', 'administration']);
  });

  it('hides entries without permission and the groups they leave empty', () => {
    const sections = buildNavSections(items, []);
    expect(sections.map((s) => s.group)).toEqual(['stock']);
  });
});
