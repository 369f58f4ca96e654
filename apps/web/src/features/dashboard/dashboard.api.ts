// Dashboard shelves (spec §7 Dashboard): new, discounted, popular and promoted items for the
// customer, each read from finalProductList (promotedItemsList for promoted). Failures give the
// spec's message, the server's preferred. And the banners running for the retailer's store.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type {
  CatalogProduct,
  productListResponseSchema,
  promotedListResponseSchema,
} from '@portal/shared/catalog/catalog.schemas';
import type { Banner } from '@portal/shared/sales/sales.schemas';
import type { z } from 'zod';
import { api, errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';

export interface ShelfArgs {
  role: string;
  customerNumber: string;
}

export const SHELF_MESSAGES = {
  new: 'Failed to fetch new items',
  discounted: 'Failed to fetch discounted items',
  popular: 'Failed to fetch popular items',
  promoted: 'Failed to fetch promoted items',
} as const;

type ProductList = z.infer<typeof productListResponseSchema>;
type PromotedList = z.infer<typeof promotedListResponseSchema>;

/**
 * The new, discounted and popular shelves show a failure in place (ProductShelf's error state), so only
 * the promoted shelf, which the dashboards hide when it has nothing, toasts it (docs/web.md "Toasts").
 */
async function toastFailure(queryFulfilled: Promise<unknown>, fallback: string) {
  try {
    await queryFulfilled;
  } catch (err) {
    notify.error(errorMessage((err as { error?: unknown }).error, fallback));
  }
}

const SHELF_SIZE = 20;
const products = (r: SuccessEnvelope<ProductList>): CatalogProduct[] => r.data.finalProductList;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNewItems: build.query<CatalogProduct[], ShelfArgs>({
      query: ({ role, customerNumber }) => ({ url: '/dashboard/newItem', params: { role, customerNumber, limit: SHELF_SIZE } }),
      transformResponse: products,
      providesTags: ['Dashboard'],
    }),
    getDiscountedItems: build.query<CatalogProduct[], ShelfArgs>({
      query: ({ role, customerNumber }) => ({
        url: '/dashboard/discountedItems',
        params: { role, customerNumber, limit: SHELF_SIZE },
      }),
      transformResponse: products,
      providesTags: ['Dashboard'],
    }),
    getPopularItems: build.query<CatalogProduct[], ShelfArgs>({
      // This one names the customer number c_number (spec §7).
      query: ({ role, customerNumber }) => ({
        url: '/dashboard/popularItems',
        params: { role, c_number: customerNumber, limit: SHELF_SIZE },
      }),
      transformResponse: products,
      providesTags: ['Dashboard'],
    }),
    getPromotedItems: build.query<CatalogProduct[], ShelfArgs>({
      query: ({ role, customerNumber }) => ({
        url: '/dashboard/promotedItems',
        params: { role, customerNumber, limit: SHELF_SIZE },
      }),
      transformResponse: (r: SuccessEnvelope<PromotedList>) => r.data.promotedItemsList,
      providesTags: ['Dashboard'],
      onQueryStarted: (_a, { queryFulfilled }) => toastFailure(queryFulfilled, SHELF_MESSAGES.promoted),
    }),
    /** A failure leaves the strip out: banners are extras, the shelves say what failed. */
    getRetailerBanners: build.query<Banner[], void>({
      query: () => '/retailer/bannerList',
      transformResponse: (r: SuccessEnvelope<{ bannerList: Banner[] }>) => r.data.bannerList,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useGetNewItemsQuery,
  useGetDiscountedItemsQuery,
  useGetPopularItemsQuery,
  useGetPromotedItemsQuery,
  useGetRetailerBannersQuery,
} = dashboardApi;
