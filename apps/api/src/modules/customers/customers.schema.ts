import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { contactColumns, tenantColumns } from '../../db/columns';

export const customerGroups = pgTable(
  'customer_groups',
  { ...tenantColumns(), name: text('name').notNull(), description: text('description') },
  (t) => [unique('customer_groups_tenant_name_uq').on(t.tenantId, t.name)],
);

export const customers = pgTable(
  'customers',
  {
    ...tenantColumns(),
    ...contactColumns(),
    customerCategory: text('customer_category'),
    groupId: integer('group_id').references(() => customerGroups.id),
    deliveryAddress: text('delivery_address'),
    deliveryPostcode: text('delivery_postcode'),
    deliveryCity: text('delivery_city'),
    deliveryCountry: text('delivery_country'),
    /** A company (B2B / B2BINT) or a person (B2C). */
    kind: text('kind').notNull().default('company'),
    /** BT-49: a SIREN-based address (scheme 0225) or an email; none: its SIREN, else its email. */
    electronicAddress: text('electronic_address'),
    /** The VATEX code its 0 % lines take when a line names none. */
    vatExemption: text('vat_exemption'),
  },
  (t) => [
    index('customers_tenant_name_idx').on(t.tenantId, t.name),
    index('customers_group_idx').on(t.groupId),
    check('customers_kind_ck', sql`${t.kind} in ('company', 'person')`),
  ],
);
