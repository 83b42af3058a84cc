import type { Tx } from '../../db/client';
import { seedPaymentModes } from '../payment-modes/payment-modes.module';

/**
 * What every new tenant starts with. Whatever creates a tenant (the seed, the super admin's tenant creation)
 * calls it in the creating transaction, as platform work.
 */
export async function seedTenantDefaults(tx: Tx, tenantId: number): Promise<void> {
  await seedPaymentModes(tx, tenantId);
}
