import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canUseDashboard } from '@tagstock/contract';
import { useAppDispatch, useAppSelector } from './hooks';
import { createSocket, registerSocketHandlers } from './socket';

/** Keeps one socket open while a dashboard user is signed in. */
export const SocketBridge = () => {
  const token = useAppSelector((s) => s.authentification.token);
  const user = useAppSelector((s) => s.authentification.loggedInUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const idClient = user && canUseDashboard(user.App_Type) ? user.IDClient : null;

  useEffect(() => {
    if (!token || !idClient) return;
    const socket = createSocket(token);
    const unregister = registerSocketHandlers({
      socket,
      idClient,
      dispatch,
      t,
      navigate: (path) => void navigate(path),
    });
    socket.connect();
    return () => {
      unregister();
      socket.disconnect();
    };
  }, [token, idClient, dispatch, t, navigate]);

  return null;
};
