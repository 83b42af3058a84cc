import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchToRestore, setArticlesListSearch } from '../../app/article-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/**
 * The articles list comes back as it was left (search, filters, sort, page size), even after a reload: its query
 * string is kept in the persisted `article` group and restored when the list is opened without one.
 */
export const useRememberedArticlesView = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const saved = useAppSelector((s) => s.article.listSearch);
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const restore = searchToRestore(location.search, saved);
    if (restore) void navigate({ search: restore }, { replace: true });
  }, [location.search, saved, navigate]);
  useEffect(() => {
    dispatch(setArticlesListSearch(location.search));
  }, [location.search, dispatch]);
};
