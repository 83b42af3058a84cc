import type * as C from '@tagstock/contract';
import { baseApi, type TagType } from '../../app/base-api';
import { createDocumentApi } from '../../app/document-api';
import { documentHistory } from '../../components/documents/status-texts';
import { referenceOf } from '../../components/reference-source';
import { statusChip } from '../../components/StatusChip';
import { readersApi } from '../rfid/api';

/** The inventories' cache tag, and what a count or a finish also changes (lost articles are the lost articles' tag). */
export const INVENTORIES_TAG = 'Inventories';
const tags = (list: readonly string[]) => list as TagType[];
const MOVED = ['Articles', 'Movements', 'Tags', 'LostArticles'];
/** What a count changes: the inventory, its lines and tags, and the widgets. */
export const COUNTED = tags([INVENTORIES_TAG, 'Dashboard']);

/**
 * SPEC state group `inventory` (DESIGN §4b): the kit's endpoints (`inventoryList`, `inventoryCreate`…), `inventory`
 * (one inventory, as the detail page reads it) and `inventoryLigne` (its lines, `lines-api.ts`). Starting snapshots the stock;
 * finishing may move it (and the widgets' figures).
 */
export const inventoryApi = createDocumentApi<C.TInventorySummary, C.TInventory, C.TInventoryInput, C.TInventoryStatus>(
  { name: 'inventory', path: '/inventories', tag: INVENTORIES_TAG, statusInvalidates: [...MOVED, 'Dashboard'] },
);

/** One inventory as the detail page reads it (SPEC `inventory`). */
export const inventoryExtrasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    inventory: build.query<C.TInventory, number>({ query: (id) => `/inventories/${id}`, providesTags: COUNTED }),
  }),
});

export const { useInventoryQuery } = inventoryExtrasApi;

export const InventoryStatusChip = statusChip<C.TInventoryStatus>(
  { draft: 'info', started: 'warning', finished: 'success', canceled: 'default' },
  'inventories.statuses',
  'inventory-status',
);

export const HISTORY = documentHistory('inventories', 'inventory');

/** A location is named by its readers: the place first, the reader after. */
export const locationRef = referenceOf(readersApi, (r) => `${r.location} (${r.name})`, 'name:asc');
