import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';

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
  /** The user's tenant was disabled by the super admin. */
  tenantDisabled: boolean;
  language: 'en' | 'fr' | null;
  permissions: string[];
};

// One round trip for everything a request needs to know about its caller.
const sessionSelect = sql`
  select u.id, u.tenant_id as "tenantId", t.name as "tenantName", u.email, u.name,
         u.password_hash as "passwordHash", u.app_type as "appType", u.rb, u.role_id as "roleId", r.name as "roleName",
         u.token_version as "tokenVersion", (u.disabled_at is not null) as disabled,
         (t.disabled_at is not null) as "tenantDisabled", u.language,
         coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp
                   where rp.role_id = u.role_id), '{}') as permissions
  from users u
  left join tenants t on t.id = u.tenant_id
  left join roles r on r.id = u.role_id`;

async function one(db: Tx, where: ReturnType<typeof sql>): Promise<SessionRow | undefined> {
  const [row] = await queryRows<SessionRow>(db, sql`${sessionSelect} where ${where}`);
  return row;
}

/** The caller's session (user, tenant, role, permissions): read by the auth plugin and by sign-in. */
export const sessionRepository = {
  findById: (db: Tx, id: number) => one(db, sql`u.id = ${id}`),
  findByEmail: (db: Tx, email: string) => one(db, sql`lower(u.email) = ${email.toLowerCase()}`),
};
