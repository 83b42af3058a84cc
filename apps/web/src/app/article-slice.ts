import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { block, disconnect } from './auth-slice';

/**
 * SPEC §4's persisted `article` group: the articles list as the user last left it (its query string: search, filters
 * such as "without supplier", sort, page and page size), so that coming back to /admin/articles, even after a
 * reload, shows the same view. The articles themselves are server data (RTK Query's cache), never persisted.
 */
export type ArticleState = { listSearch: string };

const initialState: ArticleState = { listSearch: '' };

export const articleSlice = createSlice({
  name: 'article',
  initialState,
  reducers: {
    setArticlesListSearch: (state, action: PayloadAction<string>) => {
      state.listSearch = action.payload.replace(/^\?/, '');
    },
  },
  // Another user signing in on this browser starts from the plain list.
  extraReducers: (builder) => builder.addCase(disconnect, () => initialState).addCase(block, () => initialState),
});

export const { setArticlesListSearch } = articleSlice.actions;

/** The query string to restore on arriving at the list without one: the one left last, if any. */
export const searchToRestore = (current: string, saved: string): string | null =>
  current.replace(/^\?/, '') === '' && saved !== '' ? `?${saved}` : null;
