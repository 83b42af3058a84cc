import { RESOURCES, type TPermission, type TResource } from '@tagstock/contract';

/** Permissions grouped by resource, in the catalogue's order (read before write). */
export const groupPermissions = (
  permissions: readonly TPermission[],
): { resource: TResource; items: TPermission[] }[] =>
  RESOURCES.map((resource) => ({
    resource,
    items: (['read', 'write'] as const)
      .map((level) => `${resource}.${level}` as TPermission)
      .filter((permission) => permissions.includes(permission)),
  })).filter((group) => group.items.length > 0);
