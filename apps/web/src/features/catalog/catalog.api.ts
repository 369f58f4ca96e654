// POST /retailer/getInventory (spec §7, issue 3 §1): the catalogue as pages for infinite scrolling,
// and single lookups for quick order.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { InventoryFilterBody, InventoryResponse } from '@portal/shared/catalog/catalog.schemas';
import { api } from '../../lib/api';

export const CATALOG_PAGE_SIZE = 50;

/** The filters of a catalogue view; page and limit are added per page. */
export type CatalogFilter = Omit<InventoryFilterBody, 'page' | 'limit'>;

const inventory = (body: InventoryFilterBody) => ({ url: '/retailer/getInventory', method: 'POST', body });

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInventory: build.infiniteQuery<InventoryResponse, CatalogFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => inventory({ ...queryArg, page: pageParam, limit: CATALOG_PAGE_SIZE }),
      transformResponse: (r: SuccessEnvelope<InventoryResponse>) => r.data,
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
