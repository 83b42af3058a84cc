import { companyFieldErrorCode } from '@tagstock/contract';

/**
 * Maps a validation message (from the contract's zod schemas via zodResolver, or from the server's
 * problem+json `errors[]`) to a translation key. The contract's messages are English developer texts;
 * the UI shows the SPEC §5 texts in the user's language.
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'money'
  | 'rate'
  | 'select'
  | 'textarea'
  | 'date'
  | 'checkbox';

const BY_MESSAGE: [RegExp, string][] = [
  [/^required$/i, 'validation.required'],
  [/greater than 0|expected number to be >0\b/i, 'validation.greaterThanZero'],
  [/passwords do not match/i, 'validation.passwordsDoNotMatch'],
  [/amount like/i, 'validation.invalidAmount'],
  [/rate like|at most 100/i, 'validation.invalidRate'],
  [/YYYY-MM-DD|invalid date/i, 'validation.invalidDate'],
  [/invalid email|email address/i, 'validation.invalidEmail'],
  [/expected number to be >=0/i, 'validation.notNegative'],
  [/expected string to have >=1 characters/i, 'validation.required'],
  [/already (exists|used)|duplicate/i, 'validation.alreadyExists'],
  [/each port once/i, 'validation.antennas'],
  [/expected 15 digits/i, 'validation.imei'],
  [/expected hexadecimal/i, 'validation.epc'],
  [/MAC address/i, 'validation.mac'],
  [/an article or a tag/i, 'validation.articleOrTag'],
  [/a consumer or a location/i, 'validation.consumerOrLocation'],
  [/before the start date/i, 'validation.endBeforeStart'],
  [/expected a SIREN: 9 digits$/i, 'validation.siren'],
];

export const validationKey = (
  error: { type?: string; message?: string },
  field?: { name: string; kind: FieldKind; requiredKey?: string },
): string => {
  const message = error.message ?? '';
  // Already a translation key (a form's own rule, e.g. a decrement beyond the stock).
  if (message.startsWith('validation.') || message.startsWith('safeActions.')) return message;
  const emptyKey = field?.requiredKey ?? 'validation.required';
  // An empty number or select coerces to NaN or 0: for the user it is a missing value.
  if (error.type === 'invalid_type') return emptyKey;
  if (field?.kind === 'select' && /expected number to be >0/.test(message)) return emptyKey;
  if (field?.kind === 'password' && error.type === 'too_small') return 'validation.passwordTooShort';
  // The company identifiers: the same code as the server's field error.
  const company = companyFieldErrorCode(message);
  if (company) return `fieldErrors.${company}`;
  for (const [pattern, key] of BY_MESSAGE)
    if (pattern.test(message)) return key === 'validation.required' ? emptyKey : key;
  if (error.type === 'too_big') return field?.kind === 'number' ? 'validation.tooLarge' : 'validation.tooLong';
  if (error.type === 'too_small') return field?.kind === 'number' ? 'validation.greaterThanZero' : emptyKey;
  return 'validation.invalid';
};

/** The translation key of a server field error's code (`too_small` has a strict variant: "greater than 0"). */
export const fieldErrorKey = (error: { code?: string; params?: Record<string, unknown> }): string | null => {
  if (!error.code) return null;
  if (error.code === 'too_small' && error.params?.inclusive === false) return 'fieldErrors.too_small_exclusive';
  return `fieldErrors.${error.code}`;
};
