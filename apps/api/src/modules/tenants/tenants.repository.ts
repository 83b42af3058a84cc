import { eq, sql } from 'drizzle-orm';
import {
  PERMISSIONS,
  REPORT_TRIES_DEFAULT,
  type TList,
  type TListQuery,
  type TPlatformUser,
  type TTenant,
  type TTenantStatus,
  type ZPlatformUsersQuery,
  type ZTenantCreate,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { companySettings, tenants, users } from '../../db/schema';
import { paginate, type ListSpec } from '../../platform/pagination';
import { isoUtc } from '../../db/sql-fragments';
import { conflict, notFound } from '../../platform/errors';
import { setTriesLimit, triesMonth } from '../reports/reports.service';
import { countAdmins, lastAdmin } from '../users/users.module';
import { ADMIN_ROLE_NAME, createRole, seedTenantDefaults } from './tenant-defaults';

const columns = () => sql`t.id, t.name, ${isoUtc(sql`t.created_at`)} as "createdAt",
    case when t.disabled_at is null then 'active' else 'disabled' end as status,
    (select count(*)::int from users u where u.tenant_id = t.id) as "userCount",
    coalesce((select s.report_tries_limit from report_settings s where s.tenant_id = t.id), ${REPORT_TRIES_DEFAULT})
      as "reportTriesLimit",
    coalesce((select r.used from report_tries r where r.tenant_id = t.id and r.month = ${triesMonth()}), 0)
      as "reportTriesUsed"`;

const tenantList = (): ListSpec => ({
  columns: columns(),
  from: sql`from tenants t`,
  search: [sql`t.name`],
  sort: { name: sql`t.name`, createdAt: sql`t.created_at` },
  defaultSort: 'name:asc',
  tieBreaker: sql`t.id`,
});

const platformUserColumns =
  () => sql`u.id, u.name, u.email, u.tenant_id as "tenantId", t.name as "tenantName", r.name as "roleName",
    u.app_type as "App_Type", (u.disabled_at is not null) as disabled, ${isoUtc(sql`u.created_at`)} as "createdAt"`;
const platformUserFrom = sql`from users u left join tenants t on t.id = u.tenant_id left join roles r on r.id = u.role_id`;

/** Users of every tenant (and the platform's own, without a tenant), with their tenant's name. */
const platformUserList = (tenantId: number | null): ListSpec => ({
  columns: platformUserColumns(),
  from: platformUserFrom,
  where: tenantId === null ? [] : [sql`u.tenant_id = ${tenantId}`],
  search: [sql`u.name`, sql`u.email`, sql`t.name`],
  sort: { name: sql`u.name`, email: sql`u.email`, tenantName: sql`t.name`, createdAt: sql`u.created_at` },
  defaultSort: 'name:asc',
  tieBreaker: sql`u.id`,
});

const findOne = async (db: Tx, id: number) =>
  (await queryRows<TTenant>(db, sql`select ${columns()} from tenants t where t.id = ${id}`))[0];

const nameTaken = async (db: Tx, name: string, exceptId?: number) =>
  (
    await queryRows(
      db,
      sql`select 1 from tenants where lower(name) = ${name.toLowerCase()}
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
    )
  ).length > 0;

const nameConflict = () =>
  conflict('tenant_name_taken', 'An organization already has this name', [
    { field: 'name', message: 'already used', code: 'already_used' },
  ]);

/** What a new tenant is created from, validated, with its administrator's password already hashed. */
export type NewTenant = Omit<z.output<typeof ZTenantCreate>, 'admin'> & {
  admin: { name: string; email: string; passwordHash: string };
};

/** Platform work (the super admin), in a platform transaction. */
export const tenantsRepository = {
  list: (db: Tx, q: TListQuery): Promise<TList<TTenant>> => paginate<TTenant>(db, tenantList(), q),

  get: async (db: Tx, id: number): Promise<TTenant> => {
    const tenant = await findOne(db, id);
    if (!tenant) throw notFound('tenant');
    return tenant;
  },

  /** A tenant with its defaults, an administrator role holding every permission, its company and first admin. */
  create: async (db: Tx, input: NewTenant): Promise<TTenant> => {
    if (await nameTaken(db, input.name)) throw nameConflict();
    const [emailUsed] = await queryRows(db, sql`select 1 from users where lower(email) = ${input.admin.email}`);
    if (emailUsed)
      throw conflict('email_taken', 'This email is already used', [
        { field: 'admin.email', message: 'already used', code: 'already_used' },
      ]);
    const [tenant] = await db.insert(tenants).values({ name: input.name }).returning({ id: tenants.id });
    const tenantId = tenant!.id;
    await seedTenantDefaults(db, tenantId);
    const roleId = await createRole(db, tenantId, ADMIN_ROLE_NAME, PERMISSIONS);
    await db.insert(users).values({
      tenantId,
      name: input.admin.name,
      email: input.admin.email,
      passwordHash: input.admin.passwordHash,
      appType: 'All',
      roleId,
    });
    await db.insert(companySettings).values({ tenantId, ...input.company });
    return (await findOne(db, tenantId))!;
  },

  rename: async (db: Tx, id: number, name: string): Promise<TTenant> => {
    if (!(await findOne(db, id))) throw notFound('tenant');
    if (await nameTaken(db, name, id)) throw nameConflict();
    await db.update(tenants).set({ name }).where(eq(tenants.id, id));
    return (await findOne(db, id))!;
  },

  /** Disables (keeping the first date) or re-activates a tenant. */
  setStatus: async (db: Tx, id: number, status: TTenantStatus): Promise<TTenant> => {
    if (!(await findOne(db, id))) throw notFound('tenant');
    await db
      .update(tenants)
      .set({ disabledAt: status === 'disabled' ? sql`coalesce(${tenants.disabledAt}, now())` : null })
      .where(eq(tenants.id, id));
    return (await findOne(db, id))!;
  },

  /** The ids of a tenant's users, whose sessions change with its status. */
  userIds: async (db: Tx, id: number): Promise<number[]> =>
    (await queryRows<{ id: number }>(db, sql`select id from users where tenant_id = ${id}`)).map((r) => r.id),

  users: (db: Tx, q: z.output<typeof ZPlatformUsersQuery>): Promise<TList<TPlatformUser>> =>
    paginate<TPlatformUser>(db, platformUserList(q.tenantId), q),

  /**
   * Disables a tenant's user (its tokens revoked, as the tenant's own users screen does) or enables it again; the
   * platform's accounts are not managed here (404), and a tenant keeps an enabled administrator (409).
   */
  setUserStatus: async (db: Tx, id: number, status: TTenantStatus): Promise<TPlatformUser> => {
    const [user] = await queryRows<{ tenantId: number | null; disabled: boolean }>(
      db,
      sql`select tenant_id as "tenantId", (disabled_at is not null) as disabled from users where id = ${id}`,
    );
    if (!user || user.tenantId === null) throw notFound('user');
    if (status === 'disabled' && !user.disabled)
      await db
        .update(users)
        .set({ disabledAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id));
    if (status === 'active' && user.disabled)
      await db.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, id));
    if ((await countAdmins(db, user.tenantId)) === 0) throw lastAdmin();
    return (
      await queryRows<TPlatformUser>(db, sql`select ${platformUserColumns()} ${platformUserFrom} where u.id = ${id}`)
    )[0]!;
  },

  /** Sets a tenant's monthly natural-language report questions. */
  setReportTries: async (db: Tx, id: number, limit: number): Promise<TTenant> => {
    if (!(await findOne(db, id))) throw notFound('tenant');
    await setTriesLimit(db, id, limit);
    return (await findOne(db, id))!;
  },
};
