import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TPasswordResetBody, TPasswordResetLink } from '@tagstock/contract';
import { queryRows, withPlatform, type Db } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { Sessions } from '../../platform/session-cache';
import { authRepository } from './auth.repository';
import { passwordResets } from './auth.schema';

/** How long a link works: a day, time enough to reach the user, short enough not to linger in a mailbox. */
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The web page that reads the token from the fragment (never sent to a server, so never in a log). */
const RESET_PAGE = '/auth/reset-password';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () =>
  badRequest('reset_link_invalid', 'This password-reset link is invalid, used or expired', [
    { field: 'token', message: 'invalid, used or expired', code: 'invalid' },
  ]);

export function passwordResetService(db: Db, sessions: Sessions) {
  return {
    /**
     * A new one-time link for a tenant's user (the super admin hands it over): any earlier live link of the user
     * stops working. Only the token's digest is stored.
     */
    async createLink(userId: number, createdBy: number, now = new Date()): Promise<TPasswordResetLink> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
      await withPlatform(db, async (tx) => {
        const [user] = await queryRows<{ id: number }>(
          tx,
          sql`select id from users where id = ${userId} and tenant_id is not null`,
        );
        if (!user) throw notFound('user');
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId, tokenHash: digest(token), expiresAt, createdBy });
      });
      return { path: `${RESET_PAGE}#token=${token}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Sets the new password of the link's user, once: the link is spent, every session of the user is signed out
     * (the token version moves on), and a disabled user or tenant stays refused at sign-in.
     */
    async reset({ token, newPassword }: TPasswordResetBody, now = new Date()): Promise<void> {
      const hash = await hashPassword(newPassword);
      const userId = await withPlatform(db, async (tx) => {
        // Spent in the same statement that finds it: two uses of one link cannot both succeed.
        const [link] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, digest(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!link) throw invalidLink();
        await authRepository.bumpTokenVersion(tx, link.userId, hash);
        return link.userId;
      });
      await sessions.invalidate(userId);
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
