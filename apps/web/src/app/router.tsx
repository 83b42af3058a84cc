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

// Created when the signed-in app's chunk loads (after signing in, it starts on the sign-in page's address).
export const router = createBrowserRouter(appRoutes);
