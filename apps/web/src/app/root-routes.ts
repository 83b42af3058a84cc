import { canUseDashboard } from '@tagstock/contract/constants';

export type RootRouteAccess = {
  isLoggedIn: boolean;
  rb: boolean | undefined;
  appType: string | undefined;
  /** Signed out for its App_Type: the blocked screen stays until the user goes back to the sign-in page. */
  blocked?: boolean;
};

export type RootRoute =
  | { path: 'admin/*'; kind: 'area'; area: 'admin' }
  | { path: 'superAdmin/*'; kind: 'area'; area: 'superAdmin' }
  | { path: 'auth/*'; kind: 'area'; area: 'auth' }
  | { path: '*'; kind: 'blocked' }
  | { path: '*'; kind: 'redirect'; to: '/superAdmin' | '/admin' | '/auth/sign-in' };

/** SPEC §2: which root routes exist for a session. Order matters: the first `*` wins. */
export const resolveRootRoutes = ({ isLoggedIn, rb, appType, blocked }: RootRouteAccess): RootRoute[] => {
  if (blocked) return [{ path: '*', kind: 'blocked' }];
  if (!isLoggedIn) {
    return [
      { path: 'auth/*', kind: 'area', area: 'auth' },
      { path: '*', kind: 'redirect', to: '/auth/sign-in' },
    ];
  }
  // A user who may not use the web dashboard gets no area at all, only the blocked screen.
  if (!canUseDashboard(appType)) return [{ path: '*', kind: 'blocked' }];
  if (rb === true) {
    return [
      { path: 'superAdmin/*', kind: 'area', area: 'superAdmin' },
      { path: '*', kind: 'redirect', to: '/superAdmin' },
    ];
  }
  return [
    { path: 'admin/*', kind: 'area', area: 'admin' },
    { path: '*', kind: 'redirect', to: '/admin' },
  ];
};
