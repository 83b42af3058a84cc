import type * as C from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { toQueryString } from '../../app/resource-api';
import { INVENTORIES_TAG } from '../inventories/api';

/** Finishing an inventory (the inventories' tag) changes every gap and widget. */
const GAPS = [INVENTORIES_TAG, 'Dashboard'] as TagType[];
type Of = { inventoryId?: number };
const gaps = (by: C.TGapGrouping) => ({
  query: ({ inventoryId }: Of) => ({ url: `/gaps${toQueryString({ inventoryId, by })}`, silent: true }),
  providesTags: GAPS,
});
/** A widget of the tenant (`{id}` of SPEC §7's paths). */
const widget = (path: (id: string) => string) => ({
  query: (idClient: string) => ({ url: `/dashboard/${path(idClient)}`, silent: true }),
  providesTags: GAPS,
});

/**
 * The gaps of an inventory (the last finished one by default) and the inventory widgets, named as SPEC's `inventory`
 * state group: `ecart` (by article), `inventoryByAttribution`, `ecartInventory` (by category), `lastInventory`
 * (the latest count), `ecartAttribution` (the top 5 by attribution); `loadingEcart` is the gaps' loading flag.
 */
export const gapsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ecart: build.query<C.TGaps, Of>(gaps('article')),
    inventoryByAttribution: build.query<C.TGaps, Of>(gaps('attribution')),
    ecartInventory: build.query<C.TGaps, Of>(gaps('category')),
    lastInventory: build.query<C.TLatestInventoryCount, string>(widget((id) => `client/${id}/latest-inventaire-count`)),
    sumEcart: build.query<C.TSumEcart, string>(widget((id) => `sum-ecart/${id}`)),
    sumEcartValue: build.query<C.TSumEcartValue, string>(widget((id) => `sum-ecart-en-valeur/${id}`)),
    ecartAttribution: build.query<C.TGapRow[], string>(widget((id) => `ecartAttribution/${id}`)),
    getInventory: build.query<C.TGetInventory, string>(widget((id) => `getinventory/${id}`)),
  }),
});

export const {
  useEcartQuery,
  useInventoryByAttributionQuery,
  useEcartInventoryQuery,
  useLastInventoryQuery,
  useSumEcartQuery,
  useSumEcartValueQuery,
  useEcartAttributionQuery,
  useGetInventoryQuery,
} = gapsApi;
