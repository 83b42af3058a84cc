import type { LoginPayload } from './auth-slice';

const listeners = new Set<() => void>();

/** Runs `listener` each time a session starts (the boot leaves the sign-in screen for the app). */
export const onSessionStart = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Hands a new session to the store, loading the store first when the sign-in page came without it (the sign-in
 * page's first load has no Redux), once it has read its saved state back.
 */
export const startSession = async (session: LoginPayload): Promise<void> => {
  const [{ store, persistor }, { login }] = await Promise.all([import('./store'), import('./auth-slice')]);
  await new Promise<void>((resolve) => {
    const ready = () => persistor.getState().bootstrapped;
    if (ready()) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!ready()) return;
      unsubscribe();
      resolve();
    });
  });
  store.dispatch(login(session));
  for (const listener of listeners) listener();
};
