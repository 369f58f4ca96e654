// POST /retailer/getInventory (spec §7, issue 3 §1): the catalogue as pages for infinite scrolling,
// and single lookups for quick order.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { InventoryFilterBody, InventoryResponse } from '@portal/shared/catalog/catalog.schemas';
import { INVENTORY_ONLY, type INVENTORY_SORTS } from '@portal/shared/catalog/inventory-options';
import { api } from '../../lib/api';

export const CATALOG_PAGE_SIZE = 50;

/** The filters of a catalogue view; page and limit are added per page. */
export type CatalogFilter = Omit<InventoryFilterBody, 'page' | 'limit'>;

/** What a catalogue view shows, as the screen holds it (empty strings for "not set"). */
export interface CatalogView {
  search: string;
  category: string;
  brand: string;
  sort: (typeof INVENTORY_SORTS)[number] | '';
  only: (typeof INVENTORY_ONLY)[number][];
}

/** The request's filter for a view: only what is set, so equal views share one cached answer. */
export function catalogFilter({ search, category, brand, sort, only }: CatalogView): CatalogFilter {
  return {
    ...(search ? { search } : {}),
    ...(category ? { category } : {}),
    ...(brand ? { brand } : {}),
    ...(sort ? { sort } : {}),
    ...(only.length ? { only } : {}),
  };
}

/** The view a catalogue URL opens with (?q, ?category, ?brand, ?sort, ?only=a,b). */
export function catalogViewFromParams(params: URLSearchParams): CatalogView {
  return {
    search: (params.get('q') ?? '').trim(),
    category: params.get('category') ?? '',
    brand: params.get('brand') ?? '',
    sort: (params.get('sort') ?? '') as CatalogView['sort'],
    only: onlyFromParam(params.get('only') ?? ''),
  };
}

export function onlyFromParam(value: string): CatalogView['only'] {
  return value.split(',').filter((o): o is CatalogView['only'][number] => (INVENTORY_ONLY as readonly string[]).includes(o));
}

const inventory = (body: InventoryFilterBody) => ({ url: '/retailer/getInventory', method: 'POST', body });

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInventory: build.infiniteQuery<InventoryResponse, CatalogFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => inventory({ ...queryArg, page: pageParam, limit: CATALOG_PAGE_SIZE }),
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
