import { z } from 'zod';
import { PERMISSIONS, type TPermission } from './permissions';

import { APP_TYPES, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { email, required, str } from './fields';

export const ZAppType = z.enum(APP_TYPES);
/** A profile's language; null follows the browser. */
export const ZLanguage = z.enum(LANGUAGES).nullable();
export type TAppType = z.infer<typeof ZAppType>;

export const ZEmail = email();
export const ZPassword = str().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const ZSignInBody = z.object({
  email: str().trim().toLowerCase().min(1).max(254),
  password: str().min(1).max(PASSWORD_MAX),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

/** The signed-in user as the web client stores it. `Mot_de_passe` never leaves the server. */
export const ZSessionUser = z.object({
  IDUser: z.number().int(),
  IDClient: z.string(),
  rb: z.boolean(),
  App_Type: ZAppType,
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  tenantName: z.string(),
  language: ZLanguage,
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZPermissionName = z.enum(PERMISSIONS as [TPermission, ...TPermission[]]);

export const ZSignInResponse = z.object({
  token: z.string(),
  user: ZSessionUser,
  permissions: z.array(ZPermissionName),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZMeResponse = z.object({ user: ZSessionUser, permissions: z.array(ZPermissionName) });
export type TMeResponse = z.infer<typeof ZMeResponse>;

// `language` left out keeps the current choice (older clients send only name and email).
export const ZProfileBody = z.object({ name: required(120), email: ZEmail, language: ZLanguage.optional() }).strict();
export type TProfileBody = z.infer<typeof ZProfileBody>;

export const ZPasswordBody = z
  .object({
    currentPassword: str().min(1).max(PASSWORD_MAX),
    newPassword: ZPassword,
    confirmation: str().max(PASSWORD_MAX),
  })
  .strict()
  .refine((b) => b.newPassword === b.confirmation, { path: ['confirmation'], message: 'passwords do not match' });
export type TPasswordBody = z.infer<typeof ZPasswordBody>;

/** Password change returns a fresh token: the old ones are revoked by the change. */
export const ZPasswordResponse = z.object({ token: z.string() });

/** A password-reset link's token, as the link carries it (base64url of 32 random bytes). */
export const ZResetToken = str()
  .min(43)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalid token');

/** Sets a new password with a one-time link the super admin handed over (no session needed). */
export const ZPasswordResetBody = z
  .object({ token: ZResetToken, newPassword: ZPassword, confirmation: str().max(PASSWORD_MAX) })
  .strict()
  .refine((b) => b.newPassword === b.confirmation, { path: ['confirmation'], message: 'passwords do not match' });
export type TPasswordResetBody = z.infer<typeof ZPasswordResetBody>;

/** How a new link reaches its user: e-mailed (SMTP configured) or shown to the super admin, who hands it over. */
export const PASSWORD_RESET_DELIVERIES = ['email', 'link'] as const;
export type PasswordResetDelivery = (typeof PASSWORD_RESET_DELIVERIES)[number];
/** The request for a new link; no `by`: e-mailed when the server sends mail, shown otherwise. */
export const ZPasswordResetRequest = z.object({ by: z.enum(PASSWORD_RESET_DELIVERIES).optional() }).strict();
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;
/** Whether the server e-mails links (SMTP_URL set). */
export const ZMailStatus = z.object({ enabled: z.boolean() });
export type TMailStatus = z.infer<typeof ZMailStatus>;

/**
 * A new one-time link and when it stops working. E-mailed (SMTP configured): `emailedTo` names the address and
 * `path` is null, the link being in the user's mailbox only; otherwise `path` is the link to hand over (the web adds
 * its own origin) and `emailedTo` is null.
 */
export const ZPasswordResetLink = z.object({
  path: z.string().nullable(),
  expiresAt: z.string(),
  emailedTo: z.string().nullable(),
});
export type TPasswordResetLink = z.infer<typeof ZPasswordResetLink>;
