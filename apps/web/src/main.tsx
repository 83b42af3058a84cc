import './app/zod-jitless';
import { StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import { ThemedApp } from './app/ThemedApp';
import { startVersionCheck } from './app/version-check';
import { persistedSession } from './app/persisted-session';
import { onSessionStart } from './app/session-start';
import { ChunkBoundary } from './app/ChunkBoundary';
import { lazyChunk, preloadChunk } from './app/chunk-load';
import { loadAdminArea, loadSignedInApp, loadToasts } from './app/boot-chunks';
import { SignInScreen } from './areas/auth/SignInScreen';
import { Loading } from './components/Loading';

startVersionCheck();

// The signed-in app (store, router, areas) loads at once for a saved session, together with the area and page the
// address asks for, instead of one after the other; without a session only the sign-in page loads. The app renders
// once they are all there (a spinner meanwhile): none of them then shows a Suspense fallback, which would make React
// hold the page back up to 300 ms more (see lazyChunk).
const SignedInApp = lazyChunk(loadSignedInApp, 'SignedInApp');
const saved = persistedSession();
const signedInBoot =
  saved.signedIn || saved.blocked
    ? Promise.all([
        preloadChunk(loadSignedInApp),
        saved.signedIn && preloadChunk(loadToasts),
        saved.signedIn &&
          window.location.pathname.startsWith('/admin/') &&
          preloadChunk(loadAdminArea).then((m) => m.preloadAdminPage(window.location.pathname)),
      ]).then(
        () => undefined,
        // A chunk that failed: its place shows the reload prompt (the lazy component tries it once more).
        () => undefined,
      )
    : null;

// A password-reset link opened without a session: its own page, its own chunk.
const ResetPasswordPage = lazyChunk(() => import('./features/auth/ResetPasswordPage'), 'ResetPasswordPage');

/** A lazily loaded screen: the loading indicator meanwhile, the reload prompt if its chunk fails. */
const Lazy = ({ children }: { children: ReactNode }) => (
  <ChunkBoundary>
    <Suspense fallback={<Loading />}>{children}</Suspense>
  </ChunkBoundary>
);

const Boot = () => {
  const [app, setApp] = useState(saved.signedIn || saved.blocked);
  const [preloaded, setPreloaded] = useState(signedInBoot === null);
  useEffect(() => onSessionStart(() => setApp(true)), []);
  useEffect(() => {
    void signedInBoot?.then(() => setPreloaded(true));
  }, []);
  if (app && !preloaded) return <Loading />;
  if (app)
    return (
      <Lazy>
        <SignedInApp />
      </Lazy>
    );
  if (window.location.pathname === '/auth/reset-password')
    return (
      <Lazy>
        <ResetPasswordPage />
      </Lazy>
    );
  return <SignInScreen />;
};

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ThemedApp>
      <Boot />
    </ThemedApp>
  </StrictMode>,
);
