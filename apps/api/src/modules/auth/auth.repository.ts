import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { users } from './auth.schema';

export const authRepository = {
  async emailTakenByOther(db: Tx, email: string, userId: number): Promise<boolean> {
    const rows = await queryRows(
      db,
      sql`select 1 from users where lower(email) = ${email.toLowerCase()} and id <> ${userId}`,
    );
    return rows.length > 0;
  },

  async updateProfile(db: Tx, id: number, values: { name: string; email: string; language?: 'en' | 'fr' | null }) {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  },

  /** Bumps the token version: every token issued before is refused from now on. */
  async bumpTokenVersion(db: Tx, id: number, passwordHash?: string): Promise<number> {
    const [row] = await db
      .update(users)
      .set({
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, id))
      .returning({ tokenVersion: users.tokenVersion });
    return row!.tokenVersion;
  },
};
