import type { ComponentType } from 'react';

export const NAV_GROUPS = ['stock', 'purchasing', 'sales', 'rfid', 'inventory', 'administration'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** One screen in the side navigation. A new screen adds one entry to its area's list. */
export type NavItem = {
  labelKey: string;
  path: string;
  icon: ComponentType;
  /** Top-level entries (no group) come first, e.g. the dashboard. */
  group?: NavGroup;
  /** Hidden unless the user holds this permission. */
  permission?: string;
  /** Only an exact path match highlights the entry (index routes). */
  end?: boolean;
};

export type NavSection = { group: NavGroup | null; items: NavItem[] };

/** Filters by permission and groups in the fixed order; empty groups disappear. */
export const buildNavSections = (items: readonly NavItem[], permissions: readonly string[]): NavSection[] => {
  const visible = items.filter((item) => !item.permission || permissions.includes(item.permission));
  const sections: NavSection[] = [];
  const top = visible.filter((item) => !item.group);
  if (top.length) sections.push({ group: null, items: top });
  for (const group of NAV_GROUPS) {
    const groupItems = visible.filter((item) => item.group === group);
    if (groupItems.length) sections.push({ group, items: groupItems });
  }
  return sections;
};
