import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { RootShell } from './RootShell';

export const appRoutes: RouteObject[] = [
  {
    // One splat route: the session-dependent table lives in RootRoutes (descendant routes).
    path: '/*',
    element: <RootShell />,
    errorElement: <ErrorPage />,
  },
];

export const router = createBrowserRouter(appRoutes);
