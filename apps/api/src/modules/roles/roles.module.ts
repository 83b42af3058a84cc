import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isPermission,
  PERMISSIONS,
  ZIdParams,
  ZPermissionChange,
  ZPermissionSet,
  ZRole,
  ZRoleInput,
  ZRolePermissions,
  type TPermission,
  type TPermissionChange,
  type TPermissionSet,
  type TRole,
  type TRoleInput,
  type TRolePermissions,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTenant, type Db, type Tx } from '../../db/client';
import { callerTenant, type AuthContext } from '../../platform/auth';
import { diff, logActivity } from '../../platform/activity-log';
import { createCrudService, crudRoutes } from '../../platform/crud';
import { tenantList } from '../../platform/pagination';
import { AppError, notFound } from '../../platform/errors';
import type { Sessions } from '../../platform/session-cache';
import { rolePermissions as rolePermissionsTable, roles } from '../auth/auth.schema';
import { countAdmins, lastAdmin, ownRole, rolePermissions } from '../users/users.module';

export function rolesModule(db: Db, sessions: Sessions) {
  const service = createCrudService<TRole, TRoleInput>(db, {
    entity: 'role',
    table: roles,
    idColumn: sql`r.id`,
    list: tenantList({
      table: 'roles',
      alias: 'r',
      columns: sql`r.id, r.name,
        (select count(*)::int from role_permissions p where p.role_id = r.id) as "permissionCount",
        (select count(*)::int from users u where u.role_id = r.id) as "userCount"`,
      search: [sql`r.name`],
      sort: { name: sql`r.name` },
      defaultSort: 'name:asc',
    }),
    toValues: (input) => input,
    logged: true,
    errors: {
      unique: { roles_tenant_name_uq: 'name' },
      inUse: 'Users still have this role: give them another role first',
    },
  });

  async function read(tx: Tx, tenantId: number, roleId: number): Promise<TRolePermissions> {
    const [role] = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.tenantId, tenantId)));
    if (!role) throw notFound('role');
    // A grant of a permission no longer in the catalogue stays stored (its feature may return) but is not shown.
    const permissions = ((await rolePermissions(tx, tenantId, roleId)) ?? []).filter(isPermission).sort();
    return { roleId: role.id, name: role.name, permissions };
  }

  /**
   * Sets a role's permissions to what `next` makes of the current ones, in one transaction: never one's own role,
   * never beyond one's own permissions, never the last admin; logged. Only catalogue permissions change: a stored
   * grant of a retired feature stays (see read).
   */
  const setPermissions = (auth: AuthContext, roleId: number, next: (before: Set<TPermission>) => Set<TPermission>) =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const tenantId = callerTenant(auth);
      const previous = await read(tx, tenantId, roleId);
      if (auth.session.roleId === roleId) throw ownRole();
      const before = new Set<TPermission>(previous.permissions);
      const wanted = next(before);
      const added = [...wanted].filter((p) => !before.has(p));
      if (added.some((p) => !auth.permissions.has(p))) {
        throw new AppError(403, 'privilege_escalation', 'You cannot grant permissions you do not hold');
      }
      if (added.length)
        await tx
          .insert(rolePermissionsTable)
          .values(added.map((permission) => ({ tenantId, roleId, permission })))
          .onConflictDoNothing();
      const removed = PERMISSIONS.filter((p) => before.has(p) && !wanted.has(p));
      if (removed.length) {
        await tx
          .delete(rolePermissionsTable)
          .where(
            and(
              eq(rolePermissionsTable.tenantId, tenantId),
              eq(rolePermissionsTable.roleId, roleId),
              inArray(rolePermissionsTable.permission, removed),
            ),
          );
        if ((await countAdmins(tx, tenantId)) === 0) throw lastAdmin();
      }
      await tx
        .update(roles)
        .set({ updatedAt: new Date() })
        .where(and(eq(roles.id, roleId), eq(roles.tenantId, tenantId)));
      const after = await read(tx, tenantId, roleId);
      const changes = diff({ permissions: previous.permissions }, { permissions: after.permissions });
      if (changes.length) {
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: 'role',
          entityId: roleId,
          action: 'updated',
          summary: after.name,
          changes,
        });
      }
      return after;
      // Every holder of the role has new permissions once this commits.
    }).finally(() => sessions.clear());

  /** Adds or removes some permissions of a role. */
  const change = (auth: AuthContext, roleId: number, body: TPermissionChange, op: 'add' | 'remove') =>
    setPermissions(auth, roleId, (before) => {
      const next = new Set(before);
      for (const p of body.permissions) {
        if (op === 'add') next.add(p);
        else next.delete(p);
      }
      return next;
    });

  /** Sets a role's permissions to exactly the given ones, with read added wherever write is: one save of the roles screen. */
  const replace = (auth: AuthContext, roleId: number, body: TPermissionSet) =>
    setPermissions(auth, roleId, () => {
      const wanted = new Set<TPermission>(body.permissions);
      for (const p of body.permissions)
        if (p.endsWith('.write')) wanted.add(p.replace(/\.write$/, '.read') as TPermission);
      return wanted;
    });

  const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
    const schema = { tags: ['roles'], params: ZIdParams, response: { 200: ZRolePermissions } };
    app.get('/roles/:id/permissions', { schema, preHandler: app.requirePermission('roles.read') }, (req) =>
      withTenant(db, callerTenant(req.auth), (tx) => read(tx, callerTenant(req.auth), req.params.id)),
    );
    const write = app.requirePermission('roles.write');
    app.post('/roles/:id/permissions', { schema: { ...schema, body: ZPermissionChange }, preHandler: write }, (req) =>
      change(req.auth, req.params.id, req.body, 'add'),
    );
    app.put('/roles/:id/permissions', { schema: { ...schema, body: ZPermissionSet }, preHandler: write }, (req) =>
      replace(req.auth, req.params.id, req.body),
    );
    app.post(
      '/roles/:id/permissions/remove',
      { schema: { ...schema, body: ZPermissionChange }, preHandler: write },
      (req) => change(req.auth, req.params.id, req.body, 'remove'),
    );
  };

  const routes = [
    crudRoutes({ path: '/roles', resource: 'roles', tag: 'roles', service, item: ZRole, input: ZRoleInput }),
    permissionRoutes,
  ];
  return { service, routes };
}
