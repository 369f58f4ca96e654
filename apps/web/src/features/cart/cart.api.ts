// Cart calls of the retailer (spec §7). Every answer is the whole cart summary (spec §4), so each
// mutation writes it straight into the cached cart instead of fetching it again. Failures toast the
// spec's message, preferring the server's.
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { CartSummary } from '@portal/shared/cart/cart.schemas';
import type { deliveryChargeResponse, PlaceOrderBody, placedOrderSchema } from '@portal/shared/orders/orders.schemas';
import type { z } from 'zod';
import { CART_ITEMS_PATH } from './cart-paths';
import { api, errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';

export type DeliveryChargeInfo = z.infer<typeof deliveryChargeResponse>;
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const CART_MESSAGES = {
  fetch: 'Failed to fetch cart items',
  add: 'Failed to add item to cart',
  update: 'Failed to update cart item',
  remove: 'Failed to remove item from cart',
  clear: 'Failed to clear cart',
} as const;

const unwrap = <T>(r: SuccessEnvelope<T>) => r.data;

/** Awaits a cart call: its answer, or null after toasting the failure (server message preferred). */
async function settled(
  queryFulfilled: Promise<{ data: CartSummary }>,
  fallback: string,
  toast = true,
): Promise<CartSummary | null> {
  try {
    return (await queryFulfilled).data;
  } catch (err) {
    if (toast) notify.error(errorMessage((err as { error?: unknown }).error, fallback));
    return null;
  }
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCartItems: build.query<CartSummary, void>({
      query: () => CART_ITEMS_PATH,
      transformResponse: unwrap<CartSummary>,
      providesTags: ['Cart'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        await settled(queryFulfilled, CART_MESSAGES.fetch);
      },
    }),
    /** Adds to the quantity already in the cart. `silent` leaves the toast to the caller (reorder, quick order). */
    addToCart: build.mutation<CartSummary, { productId: string; quantity: number; silent?: boolean }>({
      query: ({ productId, quantity }) => ({ url: '/retailer/cart/add', method: 'POST', body: { productId, quantity } }),
      transformResponse: unwrap<CartSummary>,
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled, CART_MESSAGES.add, !arg.silent);
        if (data) void dispatch(cartApi.util.upsertQueryData('getCartItems', undefined, data));
      },
    }),
    updateCartItem: build.mutation<CartSummary, { productId: string; quantity: number }>({
      query: ({ productId, quantity }) => ({
        url: `/retailer/cart/items/${encodeURIComponent(productId)}`,
        method: 'PUT',
        body: { quantity },
      }),
      transformResponse: unwrap<CartSummary>,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled, CART_MESSAGES.update);
        if (data) void dispatch(cartApi.util.upsertQueryData('getCartItems', undefined, data));
      },
    }),
    removeCartItem: build.mutation<CartSummary, { productId: string }>({
      query: ({ productId }) => ({ url: `/retailer/cart/items/${encodeURIComponent(productId)}`, method: 'DELETE' }),
      transformResponse: unwrap<CartSummary>,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled, CART_MESSAGES.remove);
        if (data) void dispatch(cartApi.util.upsertQueryData('getCartItems', undefined, data));
      },
    }),
    clearCart: build.mutation<CartSummary, void>({
      query: () => ({ url: '/retailer/cart/clear', method: 'DELETE' }),
      transformResponse: unwrap<CartSummary>,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled, CART_MESSAGES.clear);
        if (data) void dispatch(cartApi.util.upsertQueryData('getCartItems', undefined, data));
      },
    }),
    /**
     * Places the order from the server's cart. The caller keeps one Idempotency-Key per attempt and
     * sends it again when retrying after a lost answer, so a retry can never make a second order.
     */
    placeOrder: build.mutation<PlacedOrder, { body: PlaceOrderBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/retailer/placeOrder',
        method: 'POST',
        body,
        headers: { 'is-web-order': 'true', 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: unwrap<PlacedOrder>,
      // The server empties the cart and the order appears in history and the ledger.
      invalidatesTags: (result) => (result ? ['Cart', 'Orders', 'Account', 'Catalog'] : []),
    }),
    getDeliveryCharge: build.query<DeliveryChargeInfo, void>({
      query: () => '/retailer/deliveryCharge',
      transformResponse: unwrap<DeliveryChargeInfo>,
    }),
  }),
});

export const {
  useGetCartItemsQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
  useGetDeliveryChargeQuery,
  usePlaceOrderMutation,
} = cartApi;
