import { RESOURCES, type TPermission, type TResource } from '@tagstock/contract';
import type { NavItem } from '../../components/nav';

export type Level = 'read' | 'write';

/**
 * The resources the roles screen offers: those of the screens the menu has (its own and its features'). A resource
 * the API has before its screen exists waits for it.
 */
export const offeredResources = (nav: readonly NavItem[]): TResource[] =>
  RESOURCES.filter((resource) => nav.some((item) => item.permission?.split('.')[0] === resource));

/** Turns one level of one resource on or off: write brings read, and read cannot go without taking write along. */
export const togglePermission = (
  selected: ReadonlySet<TPermission>,
  resource: TResource,
  level: Level,
  on: boolean,
): Set<TPermission> => {
  const next = new Set(selected);
  const read: TPermission = `${resource}.read`;
  const write: TPermission = `${resource}.write`;
  if (on) {
    next.add(read);
    if (level === 'write') next.add(write);
  } else {
    next.delete(write);
    if (level === 'read') next.delete(read);
  }
  return next;
};

/** What a save changes: permissions to add and to remove, relative to the role's saved set. */
export const permissionDiff = (saved: readonly TPermission[], selected: ReadonlySet<TPermission>) => ({
  added: [...selected].filter((p) => !saved.includes(p)),
  removed: saved.filter((p) => !selected.has(p)),
});
