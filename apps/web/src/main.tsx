import './app/zod-jitless';
import { lazy, StrictMode, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import { ThemedApp } from './app/ThemedApp';
import { startVersionCheck } from './app/version-check';
import { persistedSession } from './app/persisted-session';
import { onSessionStart } from './app/session-start';
import { ChunkBoundary } from './app/ChunkBoundary';
import { lazyChunk, loadChunk } from './app/chunk-load';
import { SignInScreen } from './areas/auth/SignInScreen';
import { Loading } from './components/Loading';

startVersionCheck();

// The signed-in app (store, router, areas) loads at once for a saved session, together with the area and page the
// address asks for, instead of one after the other; without a session only the sign-in page loads.
const loadSignedInApp = () => loadChunk(() => import('./app/SignedInApp'));
const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));
const saved = persistedSession();
if (saved.signedIn || saved.blocked) {
  void loadSignedInApp().catch(() => undefined);
  const path = window.location.pathname;
  if (saved.signedIn && path.startsWith('/admin/'))
    void loadChunk(() => import('./areas/admin/AdminArea'))
      .then((m) => m.preloadAdminPage(path))
      .catch(() => undefined);
}

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
  useEffect(() => onSessionStart(() => setApp(true)), []);
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
