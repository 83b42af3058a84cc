import type {
  TOrdersInProgress,
  TPurchasedQuantity,
  TPurchasesPerMonth,
  TRepeatedReferences,
  TTopSuppliers,
} from '@tagstock/contract';
import { baseApi } from '../../app/base-api';
import { toQueryString } from '../../app/resource-api';

type Period = { idClient: string; startDate: string; endDate: string };

/** The purchase widgets' endpoints (SPEC §7 paths); `bonDeCommandeEnCours` / `bonDeCommandeEnCoursCount` of SPEC `bdc`. */
export const purchaseDashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    bonDeCommandeEnCours: build.query<TOrdersInProgress, string>({
      query: (idClient) => ({ url: `/dashboard/commandeEnCours/${idClient}`, silent: true }),
      providesTags: ['Dashboard', 'PurchaseOrders'],
    }),
    purchasesPerMonth: build.query<TPurchasesPerMonth, string>({
      query: (idClient) => ({ url: `/dashboard/achats/${idClient}`, silent: true }),
      providesTags: ['Dashboard', 'PurchaseOrders'],
    }),
    topSuppliers: build.query<TTopSuppliers, Period>({
      query: ({ idClient, ...period }) => ({
        url: `/dashboard/top-5-fournisseur-by-quantity/${idClient}${toQueryString(period)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'PurchaseOrders'],
    }),
    purchasedQuantity: build.query<TPurchasedQuantity, Period>({
      query: ({ idClient, ...period }) => ({
        url: `/dashboard/count-articles-quantity/${idClient}${toQueryString(period)}`,
        silent: true,
      }),
      providesTags: ['Dashboard', 'PurchaseOrders'],
    }),
    repeatedReferences: build.query<TRepeatedReferences, string>({
      query: (idClient) => ({ url: `/dashboard/mostRepeatedReferences/${idClient}`, silent: true }),
      providesTags: ['Dashboard', 'PurchaseOrders'],
    }),
  }),
});

export const {
  useBonDeCommandeEnCoursQuery,
  usePurchasesPerMonthQuery,
  useTopSuppliersQuery,
  usePurchasedQuantityQuery,
  useRepeatedReferencesQuery,
} = purchaseDashboardApi;
