import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftErrors } from './lines';

/**
 * A document editor's state, the same for every type: the draft (header and lines), whether it changed since the
 * server's version (the leave guard, the totals preview), and the field errors. Changing header fields clears
 * their errors: the user is fixing them.
 */
export function useDocumentDraft<H extends object, D extends { header: H }>(initial: () => D) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<D>(initial);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const change = (next: D) => {
    setDraft(next);
    setDirty(true);
  };
  const setHeader = (changes: Partial<H>) => {
    change({ ...draft, header: { ...draft.header, ...changes } });
    const fields = Object.keys(changes);
    if (fields.some((field) => errors[field]))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))));
  };
  /** A header field's error props (`error`, `helperText`) in the user's language. */
  const fieldError = (field: keyof H & string) => ({
    error: Boolean(errors[field]),
    helperText: errors[field] ? t(errors[field]) : undefined,
  });
  return { draft, dirty, errors, setErrors, change, setHeader, fieldError };
}
