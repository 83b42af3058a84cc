import type { TMeResponse, TPasswordBody, TProfileBody, TSignInBody, TSignInResponse } from '@tagstock/contract';
import type { Db } from '../../db/client';
import { permissionsOf, toSessionUser, type AuthContext } from '../../platform/auth';
import type { Sessions } from '../../platform/session-cache';
import { AttemptLimiter } from '../../platform/attempt-limiter';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords';
import { authRepository, type SessionRow } from './auth.repository';

const ACCOUNT_MAX_FAILURES = 5;
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

const invalidCredentials = () => unauthorized('invalid_credentials', 'Email or password incorrect');

export type AuthServiceDeps = { db: Db; signToken(userId: number, version: number): string; sessions: Sessions };

export function createAuthService({ db, signToken, sessions }: AuthServiceDeps) {
  const accountLimiter = new AttemptLimiter(ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS);

  const me = (row: SessionRow): TMeResponse => ({ user: toSessionUser(row), permissions: permissionsOf(row) });

  return {
    async signIn({ email, password }: TSignInBody): Promise<TSignInResponse> {
      const retryAfter = accountLimiter.retryAfter(email);
      if (retryAfter > 0) {
        throw new AppError(429, 'rate_limited', 'Too many failed attempts, retry later', undefined, {
          'retry-after': String(retryAfter),
        });
      }
      const row = await authRepository.findSessionByEmail(db, email);
      // Unknown and disabled accounts cost a hash check too: no timing difference reveals them.
      const ok =
        row && !row.disabled ? await verifyPassword(row.passwordHash, password) : await burnPasswordCheck(password);
      if (!row || row.disabled || ok !== true) {
        accountLimiter.fail(email);
        throw invalidCredentials();
      }
      accountLimiter.reset(email);
      return { token: signToken(row.id, row.tokenVersion), ...me(row) };
    },

    me: (auth: AuthContext) => me(auth.session),

    async updateProfile(auth: AuthContext, body: TProfileBody): Promise<TMeResponse> {
      if (await authRepository.emailTakenByOther(db, body.email, auth.userId)) {
        throw conflict('email_taken', 'This email is already used', [{ field: 'email', message: 'already used' }]);
      }
      await authRepository.updateProfile(db, auth.userId, body);
      sessions.invalidate(auth.userId);
      return me({ ...auth.session, ...body });
    },

    async changePassword(auth: AuthContext, body: TPasswordBody): Promise<{ token: string }> {
      if (!(await verifyPassword(auth.session.passwordHash, body.currentPassword))) {
        throw badRequest('wrong_password', 'The current password is incorrect', [
          { field: 'currentPassword', message: 'incorrect' },
        ]);
      }
      const version = await authRepository.bumpTokenVersion(db, auth.userId, await hashPassword(body.newPassword));
      sessions.invalidate(auth.userId);
      return { token: signToken(auth.userId, version) };
    },

    async signOutEverywhere(auth: AuthContext): Promise<void> {
      await authRepository.bumpTokenVersion(db, auth.userId);
      sessions.invalidate(auth.userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
