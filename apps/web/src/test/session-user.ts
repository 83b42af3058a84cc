import type { TSessionUser } from '@tagstock/contract';

/** A signed-in user as the API describes it (the demo's administrator), with what a test changes. */
export const sessionUser = (extra: Partial<TSessionUser> = {}): TSessionUser => ({
  IDUser: 5,
  IDClient: '1',
  rb: false,
  App_Type: 'All',
  name: 'Claire Martin',
  email: 'claire@demo.test',
  role: 'Admin',
  tenantName: 'Demo',
  language: null,
  ...extra,
});
