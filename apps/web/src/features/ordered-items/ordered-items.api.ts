// POST /retailer/orderedProducts (spec §7): the products this customer has ever ordered, with the
// last date and quantity, paged, searchable and sorted on the server.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { OrderedItemsSortKey, Sorting } from '@portal/shared/api/sort';
import type { orderedProductsResponse } from '@portal/shared/orders/orders.schemas';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type OrderedProducts = z.infer<typeof orderedProductsResponse>;
export type OrderedProduct = OrderedProducts['products'][number];

export const ORDERED_ITEMS_PAGE_SIZE = 20;
export const ORDERED_ITEMS_FAILED = 'Failed to fetch ordered items';

export const orderedItemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderedProducts: build.query<OrderedProducts, { page: number; search?: string; sorting?: Sorting<OrderedItemsSortKey> }>({
      query: ({ page, search, sorting }) => ({
        url: '/retailer/orderedProducts',
        method: 'POST',
        body: { page, limit: ORDERED_ITEMS_PAGE_SIZE, ...(search ? { search } : {}), ...(sorting ?? {}) },
      }),
      transformResponse: (r: SuccessEnvelope<OrderedProducts>) => r.data,
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetOrderedProductsQuery } = orderedItemsApi;
