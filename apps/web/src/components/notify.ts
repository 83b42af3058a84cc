import { toast } from 'react-toastify';
import type { TFunction } from 'i18next';
import { isQueryError } from '../app/base-api';

/** Server problems whose code has its own translated text (the server's detail is English). */
const KNOWN_CODES = [
  'in_use',
  'insufficient_stock',
  'invalid_reason',
  'own_role',
  'privilege_escalation',
  'last_admin',
  'self_disable',
  'already_exists',
  'unsupported_image',
  'import_invalid',
] as const;

/**
 * The message for a failed call: the translated text of a known code, followed by the server's
 * detail when it adds something (e.g. which articles use a category); else a generic text.
 */
export const problemMessage = (error: unknown, t: TFunction, fallbackKey = 'errors.generic'): string => {
  if (!isQueryError(error)) return t(fallbackKey);
  const { code, detail } = error.problem;
  if (error.status === 0) return t('errors.network');
  if (error.status === 413) return t('problems.too_large');
  const known = (KNOWN_CODES as readonly string[]).includes(code) ? t(`problems.${code}`) : null;
  if (known && detail) return `${known} (${detail})`;
  return known ?? detail ?? t(fallbackKey);
};

export const notifyError = (error: unknown, t: TFunction, fallbackKey?: string) => {
  toast.error(problemMessage(error, t, fallbackKey));
};

export const notifySuccess = (message: string) => {
  toast.success(message);
};
