import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { canUseDashboard } from '@tagstock/contract/constants';
import { useAppDispatch, useAppSelector } from './hooks';

/** Keeps one socket open while a dashboard user is signed in; its unauthorized exits feed the ExitAlarms. */
export const SocketBridge = () => {
  const token = useAppSelector((s) => s.authentification.token);
  const user = useAppSelector((s) => s.authentification.loggedInUser);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const idClient = user && canUseDashboard(user.App_Type) ? user.IDClient : null;

  useEffect(() => {
    if (!token || !idClient) return;
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    // socket.io-client loads only once someone is signed in: the sign-in page stays small.
    void import('./socket').then(({ createSocket, registerSocketHandlers }) => {
      if (cancelled) return;
      const socket = createSocket(token);
      const unregister = registerSocketHandlers({
        socket,
        idClient,
        dispatch,
        t,
      });
      socket.connect();
      cleanup = () => {
        unregister();
        socket.disconnect();
      };
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [token, idClient, dispatch, t]);

  return null;
};
