import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { users } from './auth.schema';

export type SessionRow = {
  id: number;
  tenantId: number | null;
  tenantName: string | null;
  email: string;
  name: string;
  passwordHash: string;
  appType: 'Web' | 'Mobile' | 'All';
  rb: boolean;
  roleId: number | null;
  roleName: string | null;
  tokenVersion: number;
  disabled: boolean;
  permissions: string[];
};

// One round trip for everything a request needs to know about its caller.
const sessionSelect = sql`
  select u.id, u.tenant_id as "tenantId", t.name as "tenantName", u.email, u.name,
         u.password_hash as "passwordHash", u.app_type as "appType", u.rb, u.role_id as "roleId", r.name as "roleName",
         u.token_version as "tokenVersion", (u.disabled_at is not null) as disabled,
         coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp
                   where rp.role_id = u.role_id), '{}') as permissions
  from users u
  left join tenants t on t.id = u.tenant_id
  left join roles r on r.id = u.role_id`;

async function one(db: Tx, where: ReturnType<typeof sql>): Promise<SessionRow | undefined> {
  const [row] = await queryRows<SessionRow>(db, sql`${sessionSelect} where ${where}`);
  return row;
}

export const authRepository = {
  findSessionById: (db: Tx, id: number) => one(db, sql`u.id = ${id}`),
  findSessionByEmail: (db: Tx, email: string) => one(db, sql`lower(u.email) = ${email.toLowerCase()}`),

  async emailTakenByOther(db: Tx, email: string, userId: number): Promise<boolean> {
    const rows = await queryRows(
      db,
      sql`select 1 from users where lower(email) = ${email.toLowerCase()} and id <> ${userId}`,
    );
    return rows.length > 0;
  },

  async updateProfile(db: Tx, id: number, values: { name: string; email: string }) {
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
