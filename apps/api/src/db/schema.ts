// Every table of the product, for drizzle's typed client and drizzle-kit.
export * from '../modules/tenants/tenants.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/activity-log/activity-log.schema';
export * from '../modules/suppliers/suppliers.schema';
export * from '../modules/categories/categories.schema';
export * from '../modules/reasons/reasons.schema';
export * from '../modules/customers/customers.schema';
export * from '../modules/articles/articles.schema';
export * from '../modules/rfid/rfid.schema';
export * from '../platform/documents/documents.schema';
export * from '../modules/payment-modes/payment-modes.schema';
export * from '../modules/purchasing/purchasing.schema';
export * from '../modules/platform-orders/platform-orders.schema';
export * from '../modules/company/company.schema';
export * from '../modules/outputs/outputs.schema';
export * from '../modules/invoicing/invoicing.schema';
export * from '../modules/received-invoices/received-invoices.schema';
