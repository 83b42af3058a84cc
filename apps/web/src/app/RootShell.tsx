import LinearProgress from '@mui/material/LinearProgress';
import { ToastContainer } from 'react-toastify';
import { useAppSelector } from './hooks';
import { SocketBridge } from './SocketBridge';
import { RootRoutes } from './RootRoutes';

export const TOAST_AUTO_CLOSE_MS = 5000;

/** Always mounted: global loading bar, toasts and the live socket. */
export const RootShell = () => {
  const isLoading = useAppSelector((s) => s.root.isLoading);
  return (
    <>
      {isLoading && (
        <LinearProgress
          data-testid="global-loading"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (th) => th.zIndex.tooltip + 1 }}
        />
      )}
      <SocketBridge />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop theme="colored" />
      <RootRoutes />
    </>
  );
};
