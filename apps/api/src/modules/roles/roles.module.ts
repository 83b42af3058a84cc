import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ZIdParams,
  ZPermissionChange,
  ZRole,
  ZRoleInput,
  ZRolePermissions,
  type TPermission,
  type TPermissionChange,
  type TRole,
  type TRoleInput,
  type TRolePermissions,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTenant, type Db, type Tx } from '../../db/client';
import { callerTenant, type AuthContext } from '../../platform/auth';
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
    errors: {
      unique: { roles_tenant_name_uq: 'name' },
      inUse: 'Users still have this role: give them another role first',
    },
  });

  async function read(tx: Tx, roleId: number): Promise<TRolePermissions> {
    const [role] = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, roleId));
    if (!role) throw notFound('role');
    const permissions = ((await rolePermissions(tx, roleId)) ?? []).sort() as TPermission[];
    return { roleId: role.id, name: role.name, permissions };
  }

  /** Adds or removes permissions of a role: never one's own role, never beyond one's own permissions, never the last admin. */
  const change = (auth: AuthContext, roleId: number, body: TPermissionChange, op: 'add' | 'remove') =>
    withTenant(db, callerTenant(auth), async (tx) => {
      const tenantId = callerTenant(auth);
      await read(tx, roleId);
      if (auth.session.roleId === roleId) throw ownRole();
      if (op === 'add') {
        if (body.permissions.some((p) => !auth.permissions.has(p))) {
          throw new AppError(403, 'privilege_escalation', 'You cannot grant permissions you do not hold');
        }
        await tx
          .insert(rolePermissionsTable)
          .values(body.permissions.map((permission) => ({ tenantId, roleId, permission })))
          .onConflictDoNothing();
      } else {
        await tx
          .delete(rolePermissionsTable)
          .where(
            and(eq(rolePermissionsTable.roleId, roleId), inArray(rolePermissionsTable.permission, body.permissions)),
          );
        if ((await countAdmins(tx)) === 0) throw lastAdmin();
      }
      await tx.update(roles).set({ updatedAt: new Date() }).where(eq(roles.id, roleId));
      return read(tx, roleId);
      // Every holder of the role has new permissions once this commits.
    }).finally(() => sessions.clear());

  const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
    const schema = { tags: ['roles'], params: ZIdParams, response: { 200: ZRolePermissions } };
    app.get('/roles/:id/permissions', { schema, preHandler: app.requirePermission('roles.read') }, (req) =>
      withTenant(db, callerTenant(req.auth), (tx) => read(tx, req.params.id)),
    );
    const write = app.requirePermission('roles.write');
    app.post('/roles/:id/permissions', { schema: { ...schema, body: ZPermissionChange }, preHandler: write }, (req) =>
      change(req.auth, req.params.id, req.body, 'add'),
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
