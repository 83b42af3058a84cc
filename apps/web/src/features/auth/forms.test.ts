import { describe, expect, it } from 'vitest';
import { ZPasswordForm, ZProfileForm } from './forms';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  // First message per field, as the form resolver shows it.
  Object.fromEntries((result.error?.issues ?? []).toReversed().map((i) => [String(i.path[0]), i.message]));

describe('password form', () => {
  it('requires every field', () => {
    const result = ZPasswordForm.safeParse({ currentPassword: '', newPassword: '', confirmation: '' });
    expect(messages(result)).toMatchObject({
      currentPassword: 'validation.required',
      newPassword: 'validation.required',
      confirmation: 'validation.required',
    });
  });

  it('rejects a short password and a mismatched confirmation', () => {
    expect(
      messages(ZPasswordForm.safeParse({ currentPassword: 'x', newPassword: 'short', confirmation: 'short' }))
        .newPassword,
    ).toBe('validation.passwordTooShort');
    expect(
      messages(
        ZPasswordForm.safeParse({ currentPassword: 'x', newPassword: 'long-enough-1', confirmation: 'long-enough-2' }),
      ).confirmation,
    ).toBe('validation.passwordsDoNotMatch');
  });

  it('accepts a valid change', () => {
    expect(
      ZPasswordForm.safeParse({ currentPassword: 'x', newPassword: 'long-enough-1', confirmation: 'long-enough-1' })
        .success,
    ).toBe(true);
  });
});

describe('profile form', () => {
  it('requires a name and a valid email', () => {
    expect(messages(ZProfileForm.safeParse({ name: ' ', email: '' }))).toMatchObject({
      name: 'validation.required',
      email: 'validation.required',
    });
    expect(messages(ZProfileForm.safeParse({ name: 'A', email: 'nope' })).email).toBe('validation.invalidEmail');
  });
});
