import GlobalStyles from '@mui/material/GlobalStyles';
import { ToastContainer } from 'react-toastify';

export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * The colored theme's white text on colours dark enough to read (WCAG AA, 4.5:1 and more): react-toastify's own
 * green, blue, yellow and red fail it, which the accessibility audits find when a reader's toast is on screen.
 */
const readableColors = (
  <GlobalStyles
    styles={{
      '.Toastify': {
        '--toastify-color-info': '#01579b',
        '--toastify-color-success': '#1b5e20',
        '--toastify-color-warning': '#8a4600',
        '--toastify-color-error': '#b71c1c',
      },
    }}
  />
);

/** SPEC §9: top-right, 5000 ms. Its own chunk: the sign-in page does not load react-toastify. */
export const Toasts = () => (
  <>
    {readableColors}
    <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop theme="colored" />
  </>
);
