import { boolean, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';

/** Payment modes (SPEC state group `mode`): transfer, cheque, card… */
export const paymentModes = pgTable(
  'payment_modes',
  {
    ...tenantColumns(),
    label: text('label').notNull(),
    code: text('code'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('payment_modes_tenant_label_uq').on(t.tenantId, t.label)],
);
