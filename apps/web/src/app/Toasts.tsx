import { useSyncExternalStore } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ToastContainer } from 'react-toastify';

export const TOAST_AUTO_CLOSE_MS = 5000;

/** The menu's width on a desktop (AppShell's drawer): the toasts sit over its bottom, never over the page. */
export const TOAST_DESKTOP_WIDTH = 232;
/** react-toastify's own phone layout (full width at the bottom) applies up to this width. */
const PHONE = '(max-width: 480px)';

// The browser's media query itself (MUI's hook would move shared code into the sign-in page's chunks). A window
// without media queries (a test's DOM) counts as a desktop.
const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);
const subscribe = (onChange: () => void) => {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => phoneQuery()?.matches ?? false;

/**
 * The colored theme's white text on colours dark enough to read (WCAG AA, 4.5:1 and more): react-toastify's own
 * green, blue, yellow and red fail it, which the accessibility audits find when a reader's toast is on screen.
 * From the `md` breakpoint (the menu is always shown) a toast is as wide as the menu, at its bottom left.
 */
const styles = (
  <GlobalStyles
    styles={(theme) => ({
      '.Toastify': {
        '--toastify-color-info': '#01579b',
        '--toastify-color-success': '#1b5e20',
        '--toastify-color-warning': '#8a4600',
        '--toastify-color-error': '#b71c1c',
      },
      [theme.breakpoints.up('md')]: {
        '.Toastify__toast-container--bottom-left': {
          '--toastify-toast-width': `${TOAST_DESKTOP_WIDTH}px`,
          '--toastify-toast-left': '8px',
          '--toastify-toast-bottom': '8px',
        },
      },
    })}
  />
);

/**
 * Bottom left rather than SPEC §9's top right (docs/decisions.md): at the top right a toast covered the app bar,
 * dialog titles and the page's own buttons for 5 s. At most two at once (one on a phone, full width at the
 * bottom); the others wait their turn. Its own chunk: the sign-in page does not load react-toastify.
 */
export const Toasts = () => {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <>
      {styles}
      <ToastContainer position="bottom-left" autoClose={TOAST_AUTO_CLOSE_MS} limit={phone ? 1 : 2} theme="colored" />
    </>
  );
};
