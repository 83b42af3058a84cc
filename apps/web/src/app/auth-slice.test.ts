import { describe, expect, it } from 'vitest';
import { sessionUser } from '../test/session-user';
import { authSlice, login, setSession, type AuthentificationState } from './auth-slice';

const user = sessionUser();
const signedIn = (): AuthentificationState =>
  authSlice.reducer(undefined, login({ user, token: 't', permissions: ['articles.read', 'articles.write'] }));

describe('the session refresh', () => {
  it('keeps the user and permissions it already has (nothing re-renders)', () => {
    const before = signedIn();
    const after = authSlice.reducer(
      before,
      setSession({ user: { ...user }, permissions: ['articles.read', 'articles.write'] }),
    );
    expect(after).toBe(before);
  });

  it('takes what changed', () => {
    const before = signedIn();
    const after = authSlice.reducer(
      before,
      setSession({ user: { ...user, name: 'Claire M.' }, permissions: ['articles.read'] }),
    );
    expect(after.loggedInUser?.name).toBe('Claire M.');
    expect(after.userPermissions).toEqual(['articles.read']);
    expect(after.token).toBe('t');
  });
});
