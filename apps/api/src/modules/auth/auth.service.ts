import type { TMeResponse, TPasswordBody, TProfileBody, TSignInBody, TSignInResponse } from '@tagstock/contract';
import { withPlatform, type Db } from '../../db/client';
import { permissionsOf, tenantDisabled, toSessionUser, type AuthContext } from '../../platform/auth';
import type { Sessions } from '../../platform/session-cache';
import { LocalAttemptLimiter, redisAttemptLimiter } from '../../platform/attempt-limiter';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/passwords';
import type { SharedRedis } from '../../platform/redis';
import { sessionRepository, type SessionRow } from '../../platform/session-repository';
import { authRepository } from './auth.repository';

const ACCOUNT_MAX_FAILURES = 5;
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

const invalidCredentials = () => unauthorized('invalid_credentials', 'Email or password incorrect');

export type AuthServiceDeps = {
  db: Db;
  signToken(userId: number, version: number): string;
  sessions: Sessions;
  /** With several processes: the failure counters are kept there, so that every process sees all failures. */
  redis?: SharedRedis;
};

export function createAuthService({ db, signToken, sessions, redis }: AuthServiceDeps) {
  const accountLimiter = redis
    ? redisAttemptLimiter(redis, 'sign-in', ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS)
    : new LocalAttemptLimiter(ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS);

  const me = (row: SessionRow): TMeResponse => ({ user: toSessionUser(row), permissions: permissionsOf(row) });

  return {
    /** `ip`: the caller's address; failures count per account and address, so nobody can lock out another. */
    async signIn({ email, password }: TSignInBody, ip: string): Promise<TSignInResponse> {
      const key = `${email.toLowerCase()} ${ip}`;
      const retryAfter = await accountLimiter.retryAfter(key);
      if (retryAfter > 0) {
        throw new AppError(429, 'rate_limited', 'Too many failed attempts, retry later', undefined, {
          'retry-after': String(retryAfter),
        });
      }
      const row = await withPlatform(db, (tx) => sessionRepository.findByEmail(tx, email));
      // Unknown and disabled accounts cost a hash check too: no timing difference reveals them.
      const ok =
        row && !row.disabled ? await verifyPassword(row.passwordHash, password) : await burnPasswordCheck(password);
      if (!row || row.disabled || ok !== true) {
        await accountLimiter.fail(key);
        throw invalidCredentials();
      }
      await accountLimiter.reset(key);
      // Said only to whoever knows the password.
      if (row.tenantDisabled) throw tenantDisabled();
      return { token: signToken(row.id, row.tokenVersion), ...me(row) };
    },

    me: (auth: AuthContext) => me(auth.session),

    async updateProfile(auth: AuthContext, body: TProfileBody): Promise<TMeResponse> {
      // Emails are unique across tenants, and super admins have no tenant: the caller's own row, platform-wide.
      await withPlatform(db, async (tx) => {
        if (await authRepository.emailTakenByOther(tx, body.email, auth.userId)) {
          throw conflict('email_taken', 'This email is already used', [
            { field: 'email', message: 'already used', code: 'already_used' },
          ]);
        }
        await authRepository.updateProfile(tx, auth.userId, body);
      });
      await sessions.invalidate(auth.userId);
      return me({
        ...auth.session,
        name: body.name,
        email: body.email,
        language: body.language === undefined ? auth.session.language : body.language,
      });
    },

    async changePassword(auth: AuthContext, body: TPasswordBody): Promise<{ token: string }> {
      if (!(await verifyPassword(auth.session.passwordHash, body.currentPassword))) {
        throw badRequest('wrong_password', 'The current password is incorrect', [
          { field: 'currentPassword', message: 'incorrect', code: 'incorrect' },
        ]);
      }
      const hash = await hashPassword(body.newPassword);
      const version = await withPlatform(db, (tx) => authRepository.bumpTokenVersion(tx, auth.userId, hash));
      await sessions.invalidate(auth.userId);
      return { token: signToken(auth.userId, version) };
    },

    async signOutEverywhere(auth: AuthContext): Promise<void> {
      await withPlatform(db, (tx) => authRepository.bumpTokenVersion(tx, auth.userId));
      await sessions.invalidate(auth.userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
