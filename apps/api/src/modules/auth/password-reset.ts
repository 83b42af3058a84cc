import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PasswordResetDelivery, TPasswordResetBody, TPasswordResetLink } from '@tagstock/contract';
import { queryRows, withPlatform, type Db } from '../../db/client';
import { AppError, badRequest, conflict, loggable, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { hashPassword } from '../../platform/passwords';
import type { Sessions } from '../../platform/session-cache';
import { authRepository } from './auth.repository';
import { passwordResets } from './auth.schema';

/** How long a link works: a day, time enough to reach the user, short enough not to linger in a mailbox. */
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The web page that reads the token from the fragment (never sent to a server, so never in a log). */
const RESET_PAGE = '/auth/reset-password';

/** The mail server refused or did not answer: said to the super admin, who may try again. */
const mailFailed = (err: unknown) =>
  new AppError(
    502,
    'mail_failed',
    `The e-mail could not be sent: ${err instanceof Error ? err.message.slice(0, 200) : 'no answer'}`,
  );

/** The e-mail of a link, in the user's language (French when the profile follows the browser). */
function resetMail(user: { name: string; language: string | null }, url: string) {
  return user.language === 'en'
    ? {
        subject: 'Tagstock: set your password',
        text:
          `Hello ${user.name},\n\nThis link sets a new password for your Tagstock account. It works once, ` +
          `within 24 hours:\n\n${url}\n\nIf you did not expect this message, ignore it: your password stays as it is.\n`,
      }
    : {
        subject: 'Tagstock\u202f: définir votre mot de passe',
        text:
          `Bonjour ${user.name},\n\nCe lien définit un nouveau mot de passe pour votre compte Tagstock. Il sert une ` +
          `fois, dans les 24 heures\u202f:\n\n${url}\n\nSi vous n’attendiez pas ce message, ignorez-le\u202f: votre mot de ` +
          `passe reste le même.\n`,
      };
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () =>
  badRequest('reset_link_invalid', 'This password-reset link is invalid, used or expired', [
    { field: 'token', message: 'invalid, used or expired', code: 'invalid' },
  ]);

type Delivery = {
  /** Set (SMTP_URL): links may be e-mailed to their user, and are by default; they open `publicUrl` (PUBLIC_URL). */
  mail?: { mailer: Mailer; publicUrl: string };
  /** Where a failed mail is logged for the operators (the super admin is told too). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

export function passwordResetService(db: Db, sessions: Sessions, { mail, log }: Delivery = {}) {
  /** Spends the user's live links but `keep`: a new link replaces the earlier ones once it reached its user. */
  const spendOthers = (userId: number, keep: number, now: Date) =>
    withPlatform(db, (tx) =>
      tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), ne(passwordResets.id, keep))),
    );

  return {
    /** Whether links can be e-mailed (an SMTP server is configured). */
    mailEnabled: !!mail,

    /**
     * A new one-time link for a tenant's user: e-mailed to the user (`by: 'email'`, the default when SMTP is
     * configured) or handed to the super admin (`'link'`). Any earlier live link of the user stops working once the
     * new one is out; an e-mail that fails leaves them as they were (and the new link spent). Only the token's
     * digest is stored. No transaction stays open while the mail server answers.
     */
    async createLink(
      userId: number,
      createdBy: number,
      by: PasswordResetDelivery = mail ? 'email' : 'link',
      now = new Date(),
    ): Promise<TPasswordResetLink> {
      if (by === 'email' && !mail)
        throw conflict('mail_not_configured', 'No mail server is configured (SMTP_URL): hand the link over instead');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
      const { user, linkId } = await withPlatform(db, async (tx) => {
        const [found] = await queryRows<{ email: string; name: string; language: string | null }>(
          tx,
          sql`select email, name, language from users where id = ${userId} and tenant_id is not null`,
        );
        if (!found) throw notFound('user');
        const [link] = await tx
          .insert(passwordResets)
          .values({ userId, tokenHash: digest(token), expiresAt, createdBy })
          .returning({ id: passwordResets.id });
        return { user: found, linkId: link!.id };
      });
      const path = `${RESET_PAGE}#token=${token}`;
      if (by === 'email' && mail) {
        try {
          await mail.mailer.send({ to: user.email, ...resetMail(user, `${mail.publicUrl}${path}`) });
        } catch (err) {
          log?.warn({ ...loggable(err), userId }, 'password-reset e-mail not sent');
          await withPlatform(db, (tx) =>
            tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, linkId)),
          );
          throw mailFailed(err);
        }
      }
      await spendOthers(userId, linkId, now);
      return by === 'email'
        ? { path: null, expiresAt: expiresAt.toISOString(), emailedTo: user.email }
        : { path, expiresAt: expiresAt.toISOString(), emailedTo: null };
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
