import { z } from 'zod';
import { ZAppType, ZEmail, ZPassword } from './auth';
import { ZListQuery } from './common';
import { COMPANY_MESSAGES, isSiren } from './company';
import { optionalEmail, optionalId, optionalText, required, text } from './fields';

/** A tenant the super admin disabled: its users are signed out and refused until it is active again. */
export const TENANT_STATUSES = ['active', 'disabled'] as const;
export const ZTenantStatus = z.enum(TENANT_STATUSES);
export type TTenantStatus = z.infer<typeof ZTenantStatus>;

export const ZTenant = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ZTenantStatus,
  createdAt: z.string(),
  userCount: z.number().int(),
  /** Natural-language report questions a month (the super admin sets it), and those asked this month. */
  reportTriesLimit: z.number().int(),
  reportTriesUsed: z.number().int(),
});
export type TTenant = z.infer<typeof ZTenant>;

const tenantName = () => required(120);

/** A new tenant: its name, its company identity (printed on its documents) and its first administrator. */
export const ZTenantCreate = z.strictObject({
  name: tenantName(),
  company: z.strictObject({
    name: required(200),
    siren: text(20)
      .nullish()
      .transform((v) => (v ? v.replace(/[\s.-]/g, '') : null))
      .refine((v) => v === null || isSiren(v), COMPANY_MESSAGES.siren),
    address: optionalText(300),
    postcode: optionalText(20),
    city: optionalText(120),
    country: optionalText(120),
    email: optionalEmail,
    phone: optionalText(40),
  }),
  admin: z.strictObject({ name: required(120), email: ZEmail, password: ZPassword }),
});
export type TTenantCreate = z.input<typeof ZTenantCreate>;

export const ZTenantUpdate = z.strictObject({ name: tenantName() });
export type TTenantUpdate = z.infer<typeof ZTenantUpdate>;

export const ZTenantStatusBody = z.strictObject({ status: ZTenantStatus });
export type TTenantStatusBody = z.infer<typeof ZTenantStatusBody>;

/** Users across tenants, for the super admin. */
export const ZPlatformUsersQuery = ZListQuery.extend({ tenantId: optionalId });
export type TPlatformUsersQuery = z.input<typeof ZPlatformUsersQuery>;

export const ZPlatformUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  roleName: z.string().nullable(),
  App_Type: ZAppType,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type TPlatformUser = z.infer<typeof ZPlatformUser>;

/** The super admin disables a tenant's user (signed out at once, refused at sign-in) or enables it again. */
export const ZPlatformUserStatusBody = z.strictObject({ status: ZTenantStatus });
export type TPlatformUserStatusBody = z.infer<typeof ZPlatformUserStatusBody>;
