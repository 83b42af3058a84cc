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
import { queryRows, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { diff, logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { crudRoutes } from '../../platform/crud';
import { registerUsage } from '../../platform/usages';
import { translateDbError } from '../../platform/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { paginate, type ListSpec } from '../../platform/pagination';
import { hashPassword } from '../../platform/passwords';
import type { Sessions } from '../../platform/session-cache';
import { roles, users } from '../auth/auth.schema';

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
export async function rolePermissions(tx: Tx, tenantId: number, roleId: number): Promise<string[] | undefined> {
  const rows = await queryRows<{ permissions: string[] | null; id: number }>(
    tx,
    sql`select r.id, (select array_agg(permission) from role_permissions p where p.role_id = r.id) as permissions
        from roles r where r.id = ${roleId} and r.tenant_id = ${tenantId}`,
  );
  return rows[0] ? (rows[0].permissions ?? []) : undefined;
}

/** Administrators are enabled users whose role may manage users and roles; a tenant always keeps one. */
export async function countAdmins(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from users u
        where u.tenant_id = ${tenantId} and u.disabled_at is null
          and exists (select 1 from role_permissions p where p.role_id = u.role_id and p.permission = 'users.write')
          and exists (select 1 from role_permissions p where p.role_id = u.role_id and p.permission = 'roles.write')`,
  );
  return row?.n ?? 0;
}

export const lastAdmin = () => conflict('last_admin', 'The last administrator of the tenant cannot lose this access');
export const ownRole = () => new AppError(403, 'own_role', 'You cannot change your own role or its permissions');

const logOf = (auth: AuthContext, tenantId: number, user: TUser) => ({
  tenantId,
  userId: auth.userId,
  entity: 'user' as const,
  entityId: user.id,
  summary: `${user.name} — ${user.email}`,
});

export function usersModule(db: Db, sessions: Sessions) {
  registerUsage(roles, { resource: 'users', table: users, column: users.roleId });
  const findOne = async (tx: Tx, tenantId: number, id: number) =>
    (
      await queryRows<TUser>(
        tx,
        sql`select ${userColumns} ${userFrom} where u.id = ${id} and u.tenant_id = ${tenantId}`,
      )
    )[0];

  /** The role must be the tenant's and grant nothing the acting user does not hold. */
  async function checkRole(tx: Tx, auth: AuthContext, tenantId: number, roleId: number) {
    const perms = await rolePermissions(tx, tenantId, roleId);
    if (!perms)
      throw badRequest('unknown_reference', 'Unknown role', [
        { field: 'roleId', message: 'not found', code: 'not_found' },
      ]);
    if (perms.some((p) => !auth.permissions.has(p as never))) {
      throw new AppError(403, 'privilege_escalation', 'You cannot grant permissions you do not hold');
    }
  }

  /** Nobody edits or disables a user whose role holds a permission they lack (e.g. an administrator). */
  async function checkTarget(tx: Tx, auth: AuthContext, tenantId: number, roleId: number | null) {
    const perms = roleId === null ? [] : ((await rolePermissions(tx, tenantId, roleId)) ?? []);
    if (perms.some((p) => !auth.permissions.has(p as never))) {
      throw new AppError(403, 'outranked_user', 'You cannot change a user who holds permissions you do not have');
    }
  }

  const inTenant = tenantScope(db);
  const scoped = <T>(auth: AuthContext, fn: (tx: Tx, tenantId: number) => Promise<T>) =>
    inTenant(auth, fn).catch((err: unknown) => translateDbError(err, { unique: { users_email_unique: 'email' } }));

  const service = {
    list: (auth: AuthContext, q: TListQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TUser>(tx, userList(tenantId), q)),
    get: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => (await findOne(tx, tenantId, id)) ?? Promise.reject(notFound('user'))),

    create: (auth: AuthContext, input: TUserCreate) =>
      scoped(auth, async (tx, tenantId) => {
        await checkRole(tx, auth, tenantId, input.roleId);
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
        const created = (await findOne(tx, tenantId, row!.id))!;
        await logActivity(tx, { ...logOf(auth, tenantId, created), action: 'created' });
        return created;
      }),

    update: (auth: AuthContext, id: number, input: TUserUpdate) =>
      scoped(auth, async (tx, tenantId) => {
        const before = await findOne(tx, tenantId, id);
        if (!before) throw notFound('user');
        if (id === auth.userId && input.roleId !== before.roleId) throw ownRole();
        if (id === auth.userId && input.disabled)
          throw badRequest('self_disable', 'You cannot disable your own account');
        await checkTarget(tx, auth, tenantId, before.roleId);
        if (input.roleId !== before.roleId) await checkRole(tx, auth, tenantId, input.roleId);
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
        if ((await countAdmins(tx, tenantId)) === 0) throw lastAdmin();
        const after = (await findOne(tx, tenantId, id))!;
        const changes = diff(before, after);
        if (changes.length) await logActivity(tx, { ...logOf(auth, tenantId, after), action: 'updated', changes });
        return after;
      }).finally(() => sessions.invalidate(id)),

    /** Users are disabled, never erased: their name stays on the records they signed. */
    remove: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        if (id === auth.userId) throw badRequest('self_disable', 'You cannot disable your own account');
        const target = await findOne(tx, tenantId, id);
        if (!target) throw notFound('user');
        await checkTarget(tx, auth, tenantId, target.roleId);
        const [row] = await tx
          .update(users)
          .set({ disabledAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.tenantId, tenantId)))
          .returning({ id: users.id });
        if (!row) throw notFound('user');
        if ((await countAdmins(tx, tenantId)) === 0) throw lastAdmin();
        // Users are disabled, not erased: the log says so in its changes.
        await logActivity(tx, {
          ...logOf(auth, tenantId, target),
          action: 'deleted',
          changes: target.disabled ? [] : [{ field: 'disabled', from: false, to: true }],
        });
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
