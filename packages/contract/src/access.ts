import { z } from 'zod';
import { ZAppType, ZEmail, ZPassword, ZPermissionName } from './auth';
import { id, required, str } from './fields';

// Users of a tenant
export const ZUserCreate = z
  .strictObject({
    name: required(120),
    email: ZEmail,
    roleId: id(),
    App_Type: ZAppType,
    password: ZPassword,
    confirmation: str().max(128),
  })
  .refine((b) => b.password === b.confirmation, { path: ['confirmation'], message: 'passwords do not match' });
export type TUserCreate = z.infer<typeof ZUserCreate>;
export const ZUserUpdate = z.strictObject({
  name: required(120),
  email: ZEmail,
  roleId: id(),
  App_Type: ZAppType,
  disabled: z.boolean(),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;
export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  App_Type: ZAppType,
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

// Roles and their permissions
export const ZRoleInput = z.strictObject({ name: required(120) });
export type TRoleInput = z.infer<typeof ZRoleInput>;
export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  permissionCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;
export const ZRolePermissions = z.object({
  roleId: z.number().int(),
  name: z.string(),
  permissions: z.array(ZPermissionName),
});
export type TRolePermissions = z.infer<typeof ZRolePermissions>;
export const ZPermissionChange = z.strictObject({ permissions: z.array(ZPermissionName).min(1).max(200) });
export type TPermissionChange = z.infer<typeof ZPermissionChange>;
/** The whole set of a role's permissions, saved at once (an empty set is allowed); write implies read. */
export const ZPermissionSet = z.strictObject({ permissions: z.array(ZPermissionName).max(200) });
export type TPermissionSet = z.infer<typeof ZPermissionSet>;
