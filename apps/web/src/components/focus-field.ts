import { useCallback, useEffect, useState, type RefObject } from 'react';

/** The first control a user can type in or pick from, in page order (hidden and read-only inputs skipped). */
export const firstFocusable = (root: ParentNode | null | undefined): HTMLElement | null =>
  root?.querySelector<HTMLElement>(
    [
      'input:not([type=hidden]):not([disabled]):not([readonly]):not([tabindex="-1"])',
      'textarea:not([disabled]):not([readonly]):not([aria-hidden=true])',
      '[role=combobox][tabindex="0"]',
      // A date field's first section (day, month or year).
      '[role=spinbutton][tabindex="0"]',
    ].join(', '),
  ) ?? null;

/** Brings a control into view (in the middle of the screen, not under the app bar) and puts the cursor in it. */
export const goTo = (element: HTMLElement | null | undefined): boolean => {
  if (!element) return false;
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
  return true;
};

/**
 * The first field marked invalid under `root`, in page order: the control to type in of the field whose input says
 * `aria-invalid` (a select's button rather than its hidden input, a date's first section); else, when no field is,
 * the form's own error message (an alert), so a refused save never leaves the focus on its button.
 */
export const firstInvalid = (root: ParentNode | null | undefined): HTMLElement | null => {
  if (!root) return null;
  const marked = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (marked) {
    const field = marked.closest<HTMLElement>('[data-field], .MuiFormControl-root, td') ?? marked.parentElement;
    return firstFocusable(field) ?? marked;
  }
  return root.querySelector<HTMLElement>('[role="alert"][tabindex="-1"]');
};

/**
 * `focusInvalid()` after a refused save: once the errors are on screen (the next render), the first faulty field is
 * brought into view and focused, or the form's error message when no field is at fault.
 */
export function useFocusInvalid(root: RefObject<HTMLElement | null> | (() => HTMLElement | null)) {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    goTo(firstInvalid(typeof root === 'function' ? root() : root.current));
    // Only a new request moves the focus; the root is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requests]);
  return useCallback(() => setRequests((n) => n + 1), []);
}
