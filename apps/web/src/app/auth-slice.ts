import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TSessionUser } from '@tagstock/contract';

export type AuthentificationState = {
  loggedInUser: TSessionUser | null;
  isLoggedIn: boolean;
  userId: number | null;
  token: string | null;
  userPermissions: string[];
  /** A user who may not use the web (App_Type): signed out at once, the blocked screen kept until "back to login". */
  blocked: boolean;
};

const initialState: AuthentificationState = {
  loggedInUser: null,
  isLoggedIn: false,
  userId: null,
  token: null,
  userPermissions: [],
  blocked: false,
};

export type LoginPayload = { user: TSessionUser; token: string; permissions: string[] };

// The server never sends the password hash; strip it anyway so it can never reach localStorage.
const withoutPassword = (user: TSessionUser): TSessionUser => {
  const { Mot_de_passe: _password, ...rest } = user as TSessionUser & { Mot_de_passe?: unknown };
  return rest;
};

// Flat records and lists of strings: equal when every field or item is.
const sameFields = (a: object | null, b: object): boolean =>
  a !== null &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([key, value]) => (a as Record<string, unknown>)[key] === value);
const sameItems = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, i) => item === b[i]);

export const authSlice = createSlice({
  name: 'authentification',
  initialState,
  reducers: {
    login: (state, action: PayloadAction<LoginPayload>) => {
      const user = withoutPassword(action.payload.user);
      state.loggedInUser = user;
      state.isLoggedIn = true;
      state.userId = user.IDUser;
      state.token = action.payload.token;
      state.userPermissions = action.payload.permissions;
    },
    /** Refreshes the stored user (profile edit, /auth/me) without touching the token. */
    setSession: (state, action: PayloadAction<{ user: TSessionUser; permissions: string[] }>) => {
      if (!state.isLoggedIn) return;
      const user = withoutPassword(action.payload.user);
      // What did not change keeps its reference: the session refresh at every boot re-renders nothing then.
      if (!sameFields(state.loggedInUser, user)) state.loggedInUser = user;
      state.userId = user.IDUser;
      if (!sameItems(state.userPermissions, action.payload.permissions))
        state.userPermissions = action.payload.permissions;
    },
    setToken: (state, action: PayloadAction<string>) => {
      if (state.isLoggedIn) state.token = action.payload;
    },
    disconnect: () => initialState,
    /** Signs out a user the web refuses (its App_Type), keeping the blocked screen up (SPEC §4). */
    block: () => ({ ...initialState, blocked: true }),
  },
});

export const { login, setSession, setToken, disconnect, block } = authSlice.actions;
