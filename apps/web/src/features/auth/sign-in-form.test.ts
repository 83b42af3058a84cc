import { describe, expect, it } from 'vitest';
import { validateSignIn } from './sign-in-form';

describe('sign-in form', () => {
  it('requires both fields', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      ok: false,
      errors: { email: 'validation.required', password: 'validation.required' },
    });
  });

  it('trims and lower-cases the email', () => {
    expect(validateSignIn({ email: ' Admin@Demo.test ', password: 'x' })).toEqual({
      ok: true,
      values: { email: 'admin@demo.test', password: 'x' },
    });
  });
});
