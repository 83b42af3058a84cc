import { Suspense, useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';
import { SocketBridge } from './SocketBridge';
import { RootRoutes } from './RootRoutes';

import { ChunkBoundary } from './ChunkBoundary';
import { lazyChunk } from './chunk-load';

const Toasts = lazyChunk(() => import('./Toasts'), 'Toasts');

/** Always mounted: global loading bar, toasts and the live socket. */
export const RootShell = () => {
  const { t } = useTranslation();
  const isLoading = useAppSelector((s) => s.root.isLoading);
  const isLoggedIn = useAppSelector((s) => s.authentification.isLoggedIn);
  // Toasts load with the first session and then stay mounted, so a toast shown while signing out still appears.
  const [toasts, setToasts] = useState(isLoggedIn);
  useEffect(() => {
    if (isLoggedIn) setToasts(true);
  }, [isLoggedIn]);
  return (
    <>
      {isLoading && (
        <LinearProgress
          data-testid="global-loading"
          aria-label={t('app.loading')}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (th) => th.zIndex.tooltip + 1 }}
        />
      )}
      <SocketBridge />
      {toasts && (
        <ChunkBoundary>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </ChunkBoundary>
      )}
      <RootRoutes />
    </>
  );
};
