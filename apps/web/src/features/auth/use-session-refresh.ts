import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { setSession } from '../../app/auth-slice';
import { useMeQuery } from './api';

/** Re-reads the signed-in user once per session so a persisted copy does not go stale (a revoked token gets a 401 → sign-out). */
export const useSessionRefresh = () => {
  const dispatch = useAppDispatch();
  const { data } = useMeQuery();
  useEffect(() => {
    if (data) dispatch(setSession({ user: data.user, permissions: data.permissions }));
  }, [data, dispatch]);
};
