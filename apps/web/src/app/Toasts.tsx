import { ToastContainer } from 'react-toastify';

export const TOAST_AUTO_CLOSE_MS = 5000;

/** SPEC §9: top-right, 5000 ms. Its own chunk: the sign-in page does not load react-toastify. */
export const Toasts = () => (
  <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop theme="colored" />
);
