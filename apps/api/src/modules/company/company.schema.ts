import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';
import { tenants } from '../tenants/tenants.schema';

/** The tenant's company identity printed on its documents: one row per tenant, keyed by the tenant. */
export const companySettings = pgTable(
  'company_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    name: text('name').notNull(),
    address: text('address'),
    postcode: text('postcode'),
    city: text('city'),
    country: text('country'),
    siren: text('siren'),
    vatNumber: text('vat_number'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    legalMentions: text('legal_mentions'),
    iban: text('iban'),
    bic: text('bic'),
    legalForm: text('legal_form'),
    shareCapital: numeric('share_capital', { precision: 14, scale: 2 }),
    rcsCity: text('rcs_city'),
    latePenaltyRate: numeric('late_penalty_rate', { precision: 5, scale: 2 }),
    supplyKind: text('supply_kind'),
    vatOnDebits: boolean('vat_on_debits').notNull().default(false),
    /** BT-34: a SIREN-based address (scheme 0225) or an email; none: the SIREN. */
    electronicAddress: text('electronic_address'),
    logo: bytea('logo'),
    logoMime: text('logo_mime'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_settings_siren_ck', sql`${t.siren} ~ '^[0-9]{9}$'`),
    check(
      'company_settings_logo_ck',
      sql`(${t.logo} is null) = (${t.logoMime} is null) and (${t.logoMime} is null or ${t.logoMime} in ('image/png', 'image/jpeg'))`,
    ),
  ],
);
