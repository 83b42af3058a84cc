import { describe, expect, it } from 'vitest';
import { resolveRootRoutes, type RootRoute } from './root-routes';

const paths = (routes: RootRoute[]) =>
  routes.map((r) => (r.kind === 'redirect' ? `${r.path}->${r.to}` : `${r.path}:${r.kind}`));

describe('resolveRootRoutes', () => {
  const appTypes = ['Web', 'All', 'Mobile', undefined, 'Other'] as const;
  const rbs = [true, false, undefined] as const;

  for (const appType of appTypes) {
    for (const rb of rbs) {
      it(`signed out (rb=${rb}, App_Type=${appType}) → auth area and redirect to sign-in`, () => {
        expect(paths(resolveRootRoutes({ isLoggedIn: false, rb, appType }))).toEqual([
          'auth/*:area',
          '*->/auth/sign-in',
        ]);
      });
    }
  }

  for (const appType of ['Web', 'All'] as const) {
    it(`rb user with App_Type ${appType} → superAdmin area only`, () => {
      expect(paths(resolveRootRoutes({ isLoggedIn: true, rb: true, appType }))).toEqual([
        'superAdmin/*:area',
        '*->/superAdmin',
      ]);
    });
    for (const rb of [false, undefined]) {
      it(`non-rb user (rb=${rb}) with App_Type ${appType} → admin area only`, () => {
        expect(paths(resolveRootRoutes({ isLoggedIn: true, rb, appType }))).toEqual(['admin/*:area', '*->/admin']);
      });
    }
  }

  for (const appType of ['Mobile', undefined, 'Other'] as const) {
    for (const rb of rbs) {
      it(`signed in, App_Type ${appType}, rb=${rb} → only the blocked screen`, () => {
        const routes = resolveRootRoutes({ isLoggedIn: true, rb, appType });
        expect(paths(routes)).toEqual(['*:blocked']);
        expect(routes.some((r) => r.kind === 'area')).toBe(false);
      });
    }
  }

  it('keeps only the blocked screen once a refused user was signed out, until back to the sign-in page', () => {
    expect(paths(resolveRootRoutes({ isLoggedIn: false, rb: undefined, appType: undefined, blocked: true }))).toEqual([
      '*:blocked',
    ]);
    expect(paths(resolveRootRoutes({ isLoggedIn: false, rb: undefined, appType: undefined, blocked: false }))).toEqual([
      'auth/*:area',
      '*->/auth/sign-in',
    ]);
  });
});
