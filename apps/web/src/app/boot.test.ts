import { describe, expect, it } from 'vitest';
import { PERSIST_KEY, readPersistedSession } from './persisted-session';
import { detectLanguage, i18n } from './i18n';

const saved = (auth: unknown) => {
  const value = JSON.stringify({ authentification: JSON.stringify(auth), _persist: '{"version":-1}' });
  return { getItem: (key: string) => (key === PERSIST_KEY ? value : null) };
};

describe('the saved session, read before any store exists', () => {
  it('is signed in with the user and their language, as the store will rehydrate it', () => {
    expect(readPersistedSession(saved({ isLoggedIn: true, token: 't', loggedInUser: { language: 'fr' } }))).toEqual({
      signedIn: true,
      blocked: false,
      language: 'fr',
    });
  });

  it('is signed out without a user, without anything saved, or when unreadable; keeps the blocked screen', () => {
    const out = { signedIn: false, blocked: false, language: null };
    expect(readPersistedSession(saved({ isLoggedIn: true, loggedInUser: null }))).toEqual(out);
    expect(readPersistedSession({ getItem: () => null })).toEqual(out);
    expect(readPersistedSession({ getItem: () => '{not json' })).toEqual(out);
    expect(readPersistedSession(undefined)).toEqual(out);
    expect(readPersistedSession(saved({ isLoggedIn: false, blocked: true, loggedInUser: null }))).toEqual({
      ...out,
      blocked: true,
    });
  });
});

describe('the language at start', () => {
  it('is the user’s, then ?lng=, then the browser’s first supported one, else English', () => {
    expect(detectLanguage({ user: 'fr', search: '?lng=en', browser: ['en-US'] })).toBe('fr');
    expect(detectLanguage({ search: '?lng=fr', browser: ['en-US'] })).toBe('fr');
    expect(detectLanguage({ search: '', browser: ['de-DE', 'fr-CH', 'en'] })).toBe('fr');
    expect(detectLanguage({ search: '?lng=de', browser: ['de-DE'] })).toBe('en');
  });

  it('loads one language’s texts only; the other’s when it is chosen', async () => {
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
    await i18n.changeLanguage('fr');
    expect(i18n.t('auth.signIn')).toBe('Se connecter');
    await i18n.changeLanguage('en');
    expect(i18n.t('auth.signIn')).toBe('Sign in');
  });
});
