// Plain validation, no zod or react-hook-form: the sign-in page is the first load and has a size budget.
export type TSignInForm = { email: string; password: string };
export type TSignInErrors = Partial<Record<keyof TSignInForm, string>>;

const SIGN_IN_MAX = { email: 254, password: 128 } as const;

/** Returns translation keys per field, or the cleaned values. */
export const validateSignIn = (
  values: TSignInForm,
): { ok: true; values: TSignInForm } | { ok: false; errors: TSignInErrors } => {
  const errors: TSignInErrors = {};
  const email = values.email.trim().toLowerCase();
  if (!email) errors.email = 'validation.required';
  else if (email.length > SIGN_IN_MAX.email) errors.email = 'validation.tooLong';
  if (!values.password) errors.password = 'validation.required';
  else if (values.password.length > SIGN_IN_MAX.password) errors.password = 'validation.tooLong';
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, values: { email, password: values.password } };
};
