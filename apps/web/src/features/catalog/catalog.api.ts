// POST /retailer/getInventory (spec §7, issue 3 §1): the catalogue as pages for infinite scrolling,
// and single lookups for quick order.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { InventoryFilterBody, InventoryResponse } from '@portal/shared/catalog/catalog.schemas';
import { api } from '../../lib/api';
import { INVENTORY_PATH, inventoryPage, type CatalogFilter } from './catalog-view';

const inventory = (body: InventoryFilterBody) => ({ url: INVENTORY_PATH, method: 'POST', body });

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInventory: build.infiniteQuery<InventoryResponse, CatalogFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => inventory(inventoryPage(queryArg, pageParam)),
      // Frozen (its top object) before it reaches the store: Immer, in the store's reducers, walks a
      // new value and freezes every object in it unless the value is frozen already, which for a page
      // of 50 products is the larger part of the answer's task on a phone. Nothing writes to an answer.
      transformResponse: (r: SuccessEnvelope<InventoryResponse>) => Object.freeze(r.data),
      providesTags: ['Catalog'],
    }),
    /** A few matches for a code typed or pasted into quick order (a full UPC or item number ranks first). */
    findProducts: build.query<InventoryResponse, { search: string; limit?: number }>({
      query: ({ search, limit = 5 }) => inventory({ search, limit, page: 1 }),
      transformResponse: (r: SuccessEnvelope<InventoryResponse>) => r.data,
      providesTags: ['Catalog'],
    }),
  }),
});

export const { useGetInventoryInfiniteQuery, useLazyFindProductsQuery } = catalogApi;
