import { Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { BlockedAccess } from '../components/BlockedAccess';
import { Loading } from '../components/Loading';
import { useAppSelector } from './hooks';
import { resolveRootRoutes, type RootRoute } from './root-routes';

import { ChunkBoundary } from './ChunkBoundary';
import { lazyChunk } from './chunk-load';
import { loadAdminArea } from './boot-chunks';

// Each area is its own chunk, loaded on first visit (120 s at most; a failure shows the reload prompt).
const AdminArea = lazyChunk(loadAdminArea, 'AdminArea');
const SuperAdminArea = lazyChunk(() => import('../areas/superAdmin/SuperAdminArea'), 'SuperAdminArea');
const AuthArea = lazyChunk(() => import('../areas/auth/AuthArea'), 'AuthArea');

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
    <ChunkBoundary>
      <Suspense fallback={<Loading />}>
        <Routes>
          {routes.map((route) => (
            <Route key={`${route.path}-${route.kind}`} path={route.path} element={elementFor(route)} />
          ))}
        </Routes>
      </Suspense>
    </ChunkBoundary>
  );
};
