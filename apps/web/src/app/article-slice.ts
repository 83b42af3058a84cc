import { createSlice } from '@reduxjs/toolkit';

// Field names from SPEC §3. No logic yet: the group exists because persistence whitelists it.
export type ArticleState = {
  articles: unknown[];
  articlesLimit: unknown[];
  articleDetails: unknown[];
  articleById: unknown | null;
  articlesByFournisseur: unknown[];
  articlesWithoutFournisseur: unknown[];
  articleNumber: number | null;
  tagNonActive: unknown[];
  articlesStockAlert: unknown[];
  dlc: unknown[];
};

const initialState: ArticleState = {
  articles: [],
  articlesLimit: [],
  articleDetails: [],
  articleById: null,
  articlesByFournisseur: [],
  articlesWithoutFournisseur: [],
  articleNumber: null,
  tagNonActive: [],
  articlesStockAlert: [],
  dlc: [],
};

export const articleSlice = createSlice({ name: 'article', initialState, reducers: {} });
