/**
 * Zod-free copies of the few contract values the first page load needs (root routes, API client,
 * version check, sign-in page). Importing them from '@tagstock/contract' evaluates the module that
 * also defines zod schemas used by the admin screens, which drags zod (~24 KB gzip) into the sign-in
 * page's budget. boot-constants.test.ts checks they equal the contract's; drop this file once the
 * contract exposes a zod-free entry.
 */
export const API_BASE = '/backend/api';
export const APP_VERSION = '1.91.0';
export const canUseDashboard = (appType: string | undefined): boolean => appType === 'Web' || appType === 'All';
