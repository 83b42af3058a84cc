import { Suspense, useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';
import { SocketBridge } from './SocketBridge';
import { RootRoutes } from './RootRoutes';

import { ChunkBoundary } from './ChunkBoundary';
import { lazyChunk } from './chunk-load';
import { loadToasts } from './boot-chunks';

const Toasts = lazyChunk(loadToasts, 'Toasts');

/**
 * The global loading bar. Its own component: a request starting or ending re-renders the bar only, not the whole
 * signed-in tree below the shell (every request toggles the flag twice).
 */
const GlobalLoadingBar = () => {
  const { t } = useTranslation();
  const isLoading = useAppSelector((s) => s.root.isLoading);
  if (!isLoading) return null;
  return (
    <LinearProgress
      data-testid="global-loading"
      aria-label={t('app.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (th) => th.zIndex.tooltip + 1 }}
    />
  );
};

/** Always mounted: global loading bar, toasts and the live socket. */
export const RootShell = () => {
  const isLoggedIn = useAppSelector((s) => s.authentification.isLoggedIn);
  // Toasts load with the first session and then stay mounted, so a toast shown while signing out still appears.
  const [toasts, setToasts] = useState(isLoggedIn);
  useEffect(() => {
    if (isLoggedIn) setToasts(true);
  }, [isLoggedIn]);
  return (
    <>
      <GlobalLoadingBar />
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
