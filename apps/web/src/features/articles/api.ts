import type {
  TArticle,
  TArticleCreate,
  TArticleInput,
  TList,
  TLot,
  TLotInput,
  TStockChange,
  TStockMovement,
  TStockSummary,
} from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { createResourceApi, toQueryString, type ListArgs } from '../../app/resource-api';
import { referenceOf } from '../../components/reference-source';

export const articlesApi = createResourceApi<TArticle, TArticleCreate, TArticleInput>({
  name: 'articles',
  path: '/articles',
  tag: 'Articles',
  invalidates: ['Suppliers', 'Categories', 'Lots', 'Movements'],
});

export const articleRef = referenceOf(articlesApi, (a) => `${a.reference} — ${a.designation}`, 'reference:asc');

export type StockDirection = 'increment' | 'decrement';

/** Endpoints beyond CRUD: stock changes, movements, image, lots (DLC), stock summary. */
export const articleExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changeStock: build.mutation<TArticle, { id: number; direction: StockDirection; body: TStockChange }>({
      query: ({ id, direction, body }) => ({ url: `/articles/${id}/${direction}`, method: 'POST', body }),
      invalidatesTags: ['Articles', 'Movements', 'Logs', 'Dashboard'],
    }),
    articleMovements: build.query<TList<TStockMovement>, { id: number } & ListArgs>({
      query: ({ id, ...args }) => `/articles/${id}/movements${toQueryString(args)}`,
      providesTags: ['Movements'],
    }),
    uploadArticleImage: build.mutation<TArticle, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `/articles/${id}/image`, method: 'POST', body };
      },
      invalidatesTags: ['Articles', 'Logs'],
    }),
    deleteArticleImage: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/articles/${id}/image`, method: 'DELETE' }),
      invalidatesTags: ['Articles', 'Logs'],
    }),
    articleLots: build.query<TList<TLot>, { id: number } & ListArgs>({
      query: ({ id, ...args }) => `/articles/${id}/lots${toQueryString(args)}`,
      providesTags: ['Lots'],
    }),
    allLots: build.query<TList<TLot>, ListArgs>({
      query: (args) => `/lots${toQueryString(args)}`,
      providesTags: ['Lots'],
    }),
    createLot: build.mutation<TLot, { articleId: number; body: TLotInput }>({
      query: ({ articleId, body }) => ({ url: `/articles/${articleId}/lots`, method: 'POST', body }),
      invalidatesTags: ['Lots', 'Logs'],
    }),
    updateLot: build.mutation<TLot, { id: number; body: TLotInput }>({
      query: ({ id, body }) => ({ url: `/lots/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Lots', 'Logs'],
    }),
    deleteLot: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/lots/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Lots', 'Logs'],
    }),
    stockSummary: build.query<TStockSummary, string>({
      query: (idClient) => ({ url: `/dashboard/articles/summary/${idClient}`, silent: true }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useChangeStockMutation,
  useArticleMovementsQuery,
  useUploadArticleImageMutation,
  useDeleteArticleImageMutation,
  useArticleLotsQuery,
  useAllLotsQuery,
  useCreateLotMutation,
  useUpdateLotMutation,
  useDeleteLotMutation,
  useStockSummaryQuery,
} = articleExtrasApi;

/** The update body of an article from what the server returns (PUT takes the full body). */
export const articleInputOf = (article: TArticle): TArticleInput => ({
  reference: article.reference,
  designation: article.designation,
  size: article.size,
  priceHt: article.priceHt,
  vatRate: article.vatRate,
  unitPrice: article.unitPrice,
  stockAlert: article.stockAlert,
  categoryId: article.categoryId,
  supplierId: article.supplierId,
  stockTag: article.stockTag,
  nature: article.nature,
  vatExemption: article.vatExemption,
});
