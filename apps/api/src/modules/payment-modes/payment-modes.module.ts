import { sql } from 'drizzle-orm';
import {
  ZPaymentMode,
  ZPaymentModeInput,
  ZPaymentModeListQuery,
  type TPaymentMode,
  type TPaymentModeInput,
  type TPaymentModeListQuery,
} from '@tagstock/contract';
import type { Db, Tx } from '../../db/client';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList } from '../../platform/pagination';
import { paymentModes } from './payment-modes.schema';

/**
 * The modes every tenant starts with. Codes are UNCL 4461 payment means (Factur-X BT-81); a bill of exchange
 * (LCR) has no exact one there, so the tenant sets it if it needs one.
 */
export const DEFAULT_PAYMENT_MODES: readonly { label: string; code: string | null }[] = [
  { label: 'Virement', code: '30' },
  { label: 'Chèque', code: '20' },
  { label: 'Carte bancaire', code: '48' },
  { label: 'Espèces', code: '10' },
  { label: 'LCR', code: null },
  { label: 'Prélèvement', code: '49' },
];

/** Gives a new tenant the default payment modes (inside its creating transaction). */
export async function seedPaymentModes(tx: Tx, tenantId: number): Promise<void> {
  await tx
    .insert(paymentModes)
    .values(DEFAULT_PAYMENT_MODES.map((m) => ({ ...m, tenantId })))
    .onConflictDoNothing();
}

export function paymentModesModule(db: Db) {
  const owned = tenantList({
    table: 'payment_modes',
    alias: 'pm',
    columns: sql`pm.id, pm.label, pm.code, pm.active`,
    search: [sql`pm.label`, sql`pm.code`],
    sort: { label: sql`pm.label`, code: sql`pm.code`, active: sql`pm.active` },
    defaultSort: 'label:asc',
  });
  const service = createCrudService<TPaymentMode, TPaymentModeInput, TPaymentModeInput, TPaymentModeListQuery>(db, {
    entity: 'payment mode',
    table: paymentModes,
    idColumn: sql`pm.id`,
    list: (tenantId, q) => {
      const spec = owned(tenantId);
      if (!q.active) return spec;
      return { ...spec, where: [...(spec.where ?? []), sql`pm.active = ${q.active === 'true'}`] };
    },
    toValues: (input) => input,
    logged: true,
    errors: {
      unique: { payment_modes_tenant_label_uq: 'label' },
      inUse: 'This payment mode is used by purchase orders: deactivate it instead',
    },
  });
  const routes = crudRoutes({
    path: '/payment-modes',
    resource: 'paymentModes',
    tag: 'payment-modes',
    service,
    item: ZPaymentMode,
    input: ZPaymentModeInput,
    query: ZPaymentModeListQuery,
  });
  return { service, routes };
}
