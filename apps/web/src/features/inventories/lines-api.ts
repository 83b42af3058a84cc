import type * as C from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { toQueryString, type ListArgs } from '../../app/resource-api';
import { COUNTED } from './api';

/** A list's rows keyed as the generic table wants them (`id`). */
const keyed = <T>(list: C.TList<T>, id: (item: T, index: number) => number) => ({
  ...list,
  items: list.items.map((item, index) => ({ ...item, id: id(item, index) })),
});
export type LineRow = C.TInventoryLine & { id: number };
export type TagRow = C.TInventoryTag & { id: number };
type Of = { inventoryId: number };

/** An inventory's lines (SPEC `inventoryLigne`) and tags, its id taken out of the table's arguments; counts, rescans. */
export const inventoryLinesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    inventoryLigne: build.query<C.TList<LineRow>, ListArgs & Of>({
      query: ({ inventoryId, ...args }) => `/inventories/${inventoryId}/lines${toQueryString(args)}`,
      transformResponse: (list: C.TList<C.TInventoryLine>) => keyed(list, (line) => line.articleId),
      providesTags: COUNTED,
    }),
    inventoryTags: build.query<C.TList<TagRow>, ListArgs & Of>({
      query: ({ inventoryId, ...args }) => `/inventories/${inventoryId}/tags${toQueryString(args)}`,
      // An EPC may be bound to no tag: the row's place on its page keys it.
      transformResponse: (list: C.TList<C.TInventoryTag>) => keyed(list, (_tag, index) => index + 1),
      providesTags: COUNTED,
    }),
    inventoryCounts: build.mutation<C.TInventory, Of & { body: C.TInventoryCounts }>({
      query: ({ inventoryId, body }) => ({ url: `/inventories/${inventoryId}/counts`, method: 'POST', body }),
      invalidatesTags: COUNTED,
    }),
    inventoryRescan: build.mutation<C.TInventoryLine, Of & { articleId: number }>({
      query: ({ inventoryId, articleId }) => ({
        url: `/inventories/${inventoryId}/lines/${articleId}/rescan`,
        method: 'POST',
      }),
      invalidatesTags: COUNTED,
    }),
  }),
});

export const { useInventoryLigneQuery, useInventoryTagsQuery, useInventoryCountsMutation, useInventoryRescanMutation } =
  inventoryLinesApi;
