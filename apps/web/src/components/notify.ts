import { toast } from 'react-toastify';
import type { TFunction } from 'i18next';
import type { ProblemParams } from '@tagstock/contract/constants';
import { isQueryError } from '../app/base-api';

/** `problems.usedBy.<table>` for the tables whose rows may keep a record from being deleted. */
const usesText = (t: TFunction, params: ProblemParams | undefined): string | null => {
  const table = params?.usedBy;
  if (typeof table !== 'string' || typeof params?.count !== 'number' || params.count < 1) return null;
  const key = `problems.usedBy.${table}`;
  return t(key, { count: params.count, defaultValue: '' }) || null;
};

/** The text of a problem code with its parameters; null for a code the texts do not know. */
export const problemText = (t: TFunction, code: string, params?: ProblemParams): string | null => {
  if (code === 'in_use') {
    const uses = usesText(t, params);
    if (uses) return t('problems.in_use_by', { uses });
  }
  if (code === 'insufficient_stock' && typeof params?.article === 'string')
    return t('problems.insufficient_stock_of', params);
  // A payment beyond what an invoice still owes, or beyond what a payment has on account.
  if (code === 'overpayment' && typeof params?.number === 'string') return t('problems.overpayment_of', params);
  if (code === 'overpayment' && typeof params?.unallocated === 'string')
    return t('problems.overpayment_on_account', params);
  // A 0 % line without the legal basis of its exemption: which line (from 1).
  if (code === 'vat_exemption_required' && typeof params?.line === 'number')
    return t('problems.vat_exemption_required_line', params);
  const text = t(`problems.${code}`, { ...params, defaultValue: '' });
  return text || null;
};

/**
 * The message for a failed call, in the user's language: the text of its code and parameters, else a
 * generic text. The server's `detail` is English for developers and is never shown.
 */
export const problemMessage = (error: unknown, t: TFunction, fallbackKey = 'errors.generic'): string => {
  if (!isQueryError(error)) return t(fallbackKey);
  if (error.status === 0) return t('errors.network');
  if (error.status === 413) return t('problems.too_large');
  const { code, params } = error.problem;
  return problemText(t, code, params) ?? t(fallbackKey);
};

export const notifyError = (error: unknown, t: TFunction, fallbackKey?: string) => {
  toast.error(problemMessage(error, t, fallbackKey));
};

export const notifySuccess = (message: string) => {
  toast.success(message);
};
