import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { BlockedAccess } from '../components/BlockedAccess';
import { Loading } from '../components/Loading';
import { useAppSelector } from './hooks';
import { resolveRootRoutes, type RootRoute } from './root-routes';

// Each area is its own chunk, loaded on first visit.
const AdminArea = lazy(() => import('../areas/admin/AdminArea').then((m) => ({ default: m.AdminArea })));
const SuperAdminArea = lazy(() =>
  import('../areas/superAdmin/SuperAdminArea').then((m) => ({ default: m.SuperAdminArea })),
);
const AuthArea = lazy(() => import('../areas/auth/AuthArea').then((m) => ({ default: m.AuthArea })));

const elementFor = (route: RootRoute): ReactElement => {
  switch (route.kind) {
    case 'area':
      return route.area === 'admin' ? <AdminArea /> : route.area === 'superAdmin' ? <SuperAdminArea /> : <AuthArea />;
    case 'blocked':
      return <BlockedAccess />;
    case 'redirect':
      return <Navigate to={route.to} replace />;
  }
};

/** The SPEC §2 route table, rebuilt whenever the session changes. */
export const RootRoutes = () => {
  const isLoggedIn = useAppSelector((s) => s.authentification.isLoggedIn);
  const user = useAppSelector((s) => s.authentification.loggedInUser);
  const blocked = useAppSelector((s) => s.authentification.blocked);
  const routes = resolveRootRoutes({
    isLoggedIn: isLoggedIn && user !== null,
    rb: user?.rb,
    appType: user?.App_Type,
    blocked,
  });
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        {routes.map((route) => (
          <Route key={`${route.path}-${route.kind}`} path={route.path} element={elementFor(route)} />
        ))}
      </Routes>
    </Suspense>
  );
};
