/** What the boot needs to know of the saved session before any store exists. */
export type PersistedSession = { signedIn: boolean; blocked: boolean; language: string | null };

const NONE: PersistedSession = { signedIn: false, blocked: false, language: null };

/** The store's persisted copy (redux-persist's `persist:root`: each slice JSON-encoded inside a JSON object). */
export const PERSIST_KEY = 'persist:root';

/**
 * Reads the saved session the way the store will rehydrate it: signed in, on the blocked screen, and the user's
 * language. Anything unreadable counts as signed out (the store then starts signed out too).
 */
export const readPersistedSession = (storage: Pick<Storage, 'getItem'> | undefined): PersistedSession => {
  try {
    const raw = storage?.getItem(PERSIST_KEY);
    if (!raw) return NONE;
    const slices = JSON.parse(raw) as { authentification?: string };
    if (typeof slices.authentification !== 'string') return NONE;
    const auth = JSON.parse(slices.authentification) as {
      isLoggedIn?: unknown;
      blocked?: unknown;
      loggedInUser?: { language?: unknown } | null;
    };
    const language = auth.loggedInUser?.language;
    return {
      // As the root routes read it.
      signedIn: auth.isLoggedIn === true && Boolean(auth.loggedInUser),
      blocked: auth.blocked === true,
      language: typeof language === 'string' ? language : null,
    };
  } catch {
    return NONE;
  }
};

/** The saved session of this browser (none where there is no localStorage, as in some tests). */
export const persistedSession = (): PersistedSession =>
  readPersistedSession(typeof localStorage === 'undefined' ? undefined : localStorage);
