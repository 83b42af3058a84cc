import type * as C from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { toQueryString, type ListArgs } from '../../app/resource-api';
import { INVENTORIES_TAG } from '../inventories/api';

/** The lost articles' cache tag (registered here); a socket event says when a reader saw one again. */
export const LOST_ARTICLES_TAG = 'LostArticles';
const tags = (list: readonly string[]) => list as TagType[];
const LOST = tags([LOST_ARTICLES_TAG]);
export type LostRow = C.TLostArticle & { id: number };

/** Tags suspected or confirmed lost (a confirmed loss writes the unit off the stock), and the rules that suspect them. */
export const lostArticlesApi = baseApi.enhanceEndpoints({ addTagTypes: LOST }).injectEndpoints({
  endpoints: (build) => ({
    lostArticles: build.query<C.TList<LostRow>, ListArgs>({
      query: (args) => `/lost-articles${toQueryString(args)}`,
      transformResponse: (list: C.TList<C.TLostArticle>) => ({
        ...list,
        items: list.items.map((item) => ({ ...item, id: item.tagId })),
      }),
      providesTags: tags([LOST_ARTICLES_TAG, INVENTORIES_TAG]),
    }),
    lostArticleStatus: build.mutation<C.TLostArticle, { tagId: number; body: C.TLostArticleStatusChange }>({
      query: ({ tagId, body }) => ({ url: `/lost-articles/${tagId}/status`, method: 'POST', body }),
      invalidatesTags: tags([LOST_ARTICLES_TAG, 'Articles', 'Movements', 'Tags', 'Logs', 'Dashboard']),
    }),
    lostArticleSettings: build.query<C.TLostArticleSettings, void>({
      query: () => '/lost-articles/settings',
      providesTags: LOST,
    }),
    saveLostArticleSettings: build.mutation<C.TLostArticleSettings, C.TLostArticleSettings>({
      query: (body) => ({ url: '/lost-articles/settings', method: 'PUT', body }),
      invalidatesTags: tags([LOST_ARTICLES_TAG, 'Logs']),
    }),
  }),
});

export const {
  useLostArticlesQuery,
  useLostArticleStatusMutation,
  useLostArticleSettingsQuery,
  useSaveLostArticleSettingsMutation,
} = lostArticlesApi;
