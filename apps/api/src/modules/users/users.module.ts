import { and, eq, sql } from 'drizzle-orm';
import {
  ZUser,
  ZUserCreate,
  ZUserUpdate,
  type TListQuery,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { crudRoutes } from '../../platform/crud';
import { translateDbError } from '../../platform/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { paginate, type ListSpec } from '../../platform/pagination';
import { hashPassword } from '../../platform/passwords';
import type { Sessions } from '../../platform/session-cache';
import { users } from '../auth/auth.schema';

const userColumns = sql`u.id, u.name, u.email, u.role_id as "roleId", r.name as "roleName", u.app_type as "App_Type",
  (u.disabled_at is not null) as disabled, ${isoUtc(sql`u.created_at`)} as "createdAt", ${isoUtc(sql`u.updated_at`)} as "updatedAt"`;
const userFrom = sql`from users u left join roles r on r.id = u.role_id`;

const userList = (tenantId: number): ListSpec => ({
  columns: userColumns,
  from: userFrom,
  where: [sql`u.tenant_id = ${tenantId}`],
  search: [sql`u.name`, sql`u.email`, sql`r.name`],
  sort: {
    name: sql`u.name`,
    email: sql`u.email`,
    roleName: sql`r.name`,
    App_Type: sql`u.app_type`,
    createdAt: sql`u.created_at`,
  },
  defaultSort: 'name:asc',
  tieBreaker: sql`u.id`,
});

/** Permissions a role holds, or undefined when the role is not the tenant's. */
export async function rolePermissions(tx: Tx, roleId: number): Promise<string[] | undefined> {
  const rows = await queryRows<{ permissions: string[] | null; id: number }>(
    tx,
    sql`select r.id, (select array_agg(permission) from role_permissions p where p.role_id = r.id) as permissions
        from roles r where r.id = ${roleId}`,
  );
  return rows[0] ? (rows[0].permissions ?? []) : undefined;
}

/** Administrators are enabled users whose role may manage users and roles; a tenant always keeps one. */
export async function countAdmins(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from users u
        where u.disabled_at is null
          and exists (select 1 from role_permissions p where p.role_id = u.role_id and p.permission = 'users.write')
          and exists (select 1 from role_permissions p where p.role_id = u.role_id and p.permission = 'roles.write')`,
  );
  return row?.n ?? 0;
}

export const lastAdmin = () => conflict('last_admin', 'The last administrator of the tenant cannot lose this access');
export const ownRole = () => new AppError(403, 'own_role', 'You cannot change your own role or its permissions');

export function usersModule(db: Db, sessions: Sessions) {
  const findOne = async (tx: Tx, id: number) =>
    (await queryRows<TUser>(tx, sql`select ${userColumns} ${userFrom} where u.id = ${id}`))[0];

  /** The role must be the tenant's and grant nothing the acting user does not hold. */
  async function checkRole(tx: Tx, auth: AuthContext, roleId: number) {
    const perms = await rolePermissions(tx, roleId);
    if (!perms) throw badRequest('unknown_reference', 'Unknown role', [{ field: 'roleId', message: 'not found' }]);
    if (perms.some((p) => !auth.permissions.has(p as never))) {
      throw new AppError(403, 'privilege_escalation', 'You cannot grant permissions you do not hold');
    }
  }

  const scoped = <T>(auth: AuthContext, fn: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = callerTenant(auth);
    return withTenant(db, tenantId, (tx) => fn(tx, tenantId)).catch((err: unknown) =>
      translateDbError(err, { unique: { users_email_unique: 'email' } }),
    );
  };

  const service = {
    list: (auth: AuthContext, q: TListQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TUser>(tx, userList(tenantId), q)),
    get: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx) => (await findOne(tx, id)) ?? Promise.reject(notFound('user'))),

    create: (auth: AuthContext, input: TUserCreate) =>
      scoped(auth, async (tx, tenantId) => {
        await checkRole(tx, auth, input.roleId);
        const [row] = await tx
          .insert(users)
          .values({
            tenantId,
            name: input.name,
            email: input.email,
            roleId: input.roleId,
            appType: input.App_Type,
            passwordHash: await hashPassword(input.password),
          })
          .returning({ id: users.id });
        return (await findOne(tx, row!.id))!;
      }),

    update: (auth: AuthContext, id: number, input: TUserUpdate) =>
      scoped(auth, async (tx, tenantId) => {
        const before = await findOne(tx, id);
        if (!before) throw notFound('user');
        if (id === auth.userId && input.roleId !== before.roleId) throw ownRole();
        if (id === auth.userId && input.disabled)
          throw badRequest('self_disable', 'You cannot disable your own account');
        if (input.roleId !== before.roleId) await checkRole(tx, auth, input.roleId);
        const disabling = input.disabled && !before.disabled;
        await tx
          .update(users)
          .set({
            name: input.name,
            email: input.email,
            roleId: input.roleId,
            appType: input.App_Type,
            disabledAt: input.disabled ? (before.disabled ? undefined : new Date()) : null,
            // Disabling or a new role revokes the sessions the user had.
            ...(disabling || input.roleId !== before.roleId ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
        if ((await countAdmins(tx)) === 0) throw lastAdmin();
        return (await findOne(tx, id))!;
      }).finally(() => sessions.invalidate(id)),

    /** Users are disabled, never erased: their name stays on the records they signed. */
    remove: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        if (id === auth.userId) throw badRequest('self_disable', 'You cannot disable your own account');
        const [row] = await tx
          .update(users)
          .set({ disabledAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.tenantId, tenantId)))
          .returning({ id: users.id });
        if (!row) throw notFound('user');
        if ((await countAdmins(tx)) === 0) throw lastAdmin();
      }).finally(() => sessions.invalidate(id)),
  };

  const routes = crudRoutes({
    path: '/users',
    resource: 'users',
    tag: 'users',
    service,
    item: ZUser,
    input: ZUserUpdate,
    create: ZUserCreate,
  });
  return { service, routes };
}
