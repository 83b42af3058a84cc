import { customType, integer, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../modules/tenants/tenants.schema';

/** Columns every tenant-owned table starts with. */
export const tenantColumns = () => ({
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Contact columns shared by suppliers and customers (SPEC §3). */
export const contactColumns = () => ({
  name: text('name').notNull(),
  contact: text('contact'),
  address: text('address'),
  postcode: text('postcode'),
  city: text('city'),
  country: text('country'),
  vatNumber: text('vat_number'),
  phone: text('phone'),
  email: text('email'),
  parentCompany: text('parent_company'),
});

/** Binary content (images) as a Buffer, from either driver (PGlite answers a bare Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
