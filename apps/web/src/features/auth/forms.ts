import { z } from 'zod';
import { LANGUAGES, PASSWORD_MAX, PASSWORD_MIN } from '@tagstock/contract';

// Messages are translation keys; limits come from the contract so web and API agree.
const required = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const ZProfileForm = z.object({
  name: required(120),
  email: required(254).pipe(z.email('validation.invalidEmail')),
  // '' follows the browser.
  language: z.enum(['', ...LANGUAGES]),
});
export type TProfileForm = z.infer<typeof ZProfileForm>;

const newPasswordFields = {
  newPassword: z
    .string()
    .min(1, 'validation.required')
    .min(PASSWORD_MIN, 'validation.passwordTooShort')
    .max(PASSWORD_MAX, 'validation.tooLong'),
  confirmation: z.string().min(1, 'validation.required'),
};
const confirmed = {
  check: (form: { newPassword: string; confirmation: string }) =>
    form.confirmation === '' || form.newPassword === form.confirmation,
  params: { path: ['confirmation'], message: 'validation.passwordsDoNotMatch' },
};

export const ZPasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'validation.required').max(PASSWORD_MAX, 'validation.tooLong'),
    ...newPasswordFields,
  })
  .refine(confirmed.check, confirmed.params);
export type TPasswordForm = z.infer<typeof ZPasswordForm>;

/** A new password set with a reset link: no current password. */
export const ZNewPasswordForm = z.object(newPasswordFields).refine(confirmed.check, confirmed.params);
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

/** True when any field failed only because it was left empty: the form then says "fill in all fields". */
export const hasEmptyFields = (errors: Record<string, { message?: string } | undefined>): boolean =>
  Object.values(errors).some((error) => error?.message === 'validation.required');
