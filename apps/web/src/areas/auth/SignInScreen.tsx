import { useLayoutEffect } from 'react';
import { SignInPage } from '../../features/auth/SignInPage';
import { ChunkBoundary } from '../../app/ChunkBoundary';

const SIGN_IN = '/auth/sign-in';

/**
 * The sign-in page of a browser without a saved session, before the app's router and store are loaded: any address
 * shows it as /auth/sign-in (as the signed-out routes redirect), keeping ?lng=.
 */
export const SignInScreen = () => {
  useLayoutEffect(() => {
    if (window.location.pathname !== SIGN_IN) window.history.replaceState(null, '', SIGN_IN + window.location.search);
  }, []);
  return (
    <ChunkBoundary>
      <SignInPage />
    </ChunkBoundary>
  );
};
