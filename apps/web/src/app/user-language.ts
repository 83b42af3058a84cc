import type { Language } from '@tagstock/contract/constants';
import { detectLanguage, i18n } from './i18n';

type LanguageStore = {
  getState(): { authentification: { loggedInUser: { language?: Language | null } | null } };
  subscribe(listener: () => void): () => void;
};

/** The profile's language when the user chose one; otherwise the browser's (detected again). */
export const applyUserLanguage = (language: Language | null | undefined) => {
  if (language) {
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  } else void i18n.changeLanguage(detectLanguage());
};

/** Follows the signed-in user's language: at sign-in, after a profile change, after a reload, at sign-out. */
export const followUserLanguage = (store: LanguageStore) => {
  let current: Language | null | undefined = store.getState().authentification.loggedInUser?.language;
  if (current) applyUserLanguage(current);
  return store.subscribe(() => {
    const next = store.getState().authentification.loggedInUser?.language ?? null;
    if (next === (current ?? null)) return;
    current = next;
    applyUserLanguage(next);
  });
};
