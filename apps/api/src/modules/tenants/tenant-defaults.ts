import type { Tx } from '../../db/client';
import { rolePermissions, roles } from '../../db/schema';
import { seedPaymentModes } from '../payment-modes/payment-modes.module';

/**
 * What every new tenant starts with. Whatever creates a tenant (the seed, the super admin's tenant creation)
 * calls it in the creating transaction, as platform work.
 */
export async function seedTenantDefaults(tx: Tx, tenantId: number): Promise<void> {
  await seedPaymentModes(tx, tenantId);
}

/** A role of a tenant with its permissions (the seed's roles, a new tenant's administrator role). */
export async function createRole(tx: Tx, tenantId: number, name: string, permissions: readonly string[]) {
  const [role] = await tx.insert(roles).values({ tenantId, name }).returning({ id: roles.id });
  await tx
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ tenantId, roleId: role!.id, permission })));
  return role!.id;
}

/** The name of the role holding every permission that a tenant starts with. */
export const ADMIN_ROLE_NAME = 'Administrateur';
