import { DOCUMENT_RESOURCES, withDocumentKinds } from './document-kinds';

/**
 * The permission catalogue: one read and one write permission per resource of the product that has a screen.
 * A feature adds its resource here when it ships (the roles screen offers only what exists); a document type
 * registers its own (`documentKind`), after these. Roles are per tenant and hold a subset of these; the server
 * checks them on every route.
 */
export const BASE_RESOURCES = [
  'dashboard',
  'suppliers',
  'categories',
  'articles',
  'reasons',
  'customers',
  'users',
  'roles',
  'logs',
  'tags',
  'readers',
  'terminals',
  'consumers',
  'attributions',
  'paymentModes',
  'company',
  'receivedInvoices',
  'reservations',
  'einvoicing',
  'webhooks',
  'reports',
] as const;
export const RESOURCES = withDocumentKinds(BASE_RESOURCES, DOCUMENT_RESOURCES);
export type TResource = (typeof RESOURCES)[number];

export type TPermission = `${TResource}.${'read' | 'write'}`;

export const PERMISSIONS: readonly TPermission[] = RESOURCES.flatMap((r) => [
  `${r}.read` as const,
  `${r}.write` as const,
]);

export const READ_PERMISSIONS: readonly TPermission[] = PERMISSIONS.filter((p) => p.endsWith('.read'));

/**
 * Exporting all of a tenant's data (`GET /tenant/export`) takes the administrator's permission, changing roles:
 * whoever holds it can give themselves every read permission anyway, so the export shows them nothing more.
 */
export const TENANT_EXPORT_PERMISSION: TPermission = 'roles.write';

export const isPermission = (value: string): value is TPermission => (PERMISSIONS as readonly string[]).includes(value);
