import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before a page with unsaved changes is left, by a link, the back button or the browser itself (reload,
 * closed tab). `allowNextLeave` lets the page's own navigation after a save through (the state update that
 * clears `dirty` has not rendered yet when it navigates).
 */
export const useLeaveGuard = (dirty: boolean) => {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('safeActions.discardTitle')}
      message={t('safeActions.discardText')}
      confirmLabel={t('safeActions.discard')}
      cancelLabel={t('safeActions.keepEditing')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  return {
    dialog,
    allowNextLeave: () => {
      allowed.current = true;
    },
  };
};
