// Every table of the product, for drizzle's typed client and drizzle-kit.
export * from '../modules/tenants/tenants.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/activity-log/activity-log.schema';
