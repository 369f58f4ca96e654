// Cart summary state of spec §3/§4: items, count, totals and the customer's limits. It follows every
// cart call (pending sets loading; success takes the answer's fields, each falling back to 0 or null;
// failure stores the message) and is persisted, so the header badge and the cart-open check have
// the cart at hand before the first fetch returns.
import type { CartItem, CartSummary } from '@portal/shared/cart/cart.schemas';
import { createSlice, isAnyOf, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { resetStores } from '../../app/reset';
import { errorMessage } from '../../lib/api';
import { CART_MESSAGES, cartApi } from './cart.api';

export interface CartState {
  items: CartItem[];
  count: number;
  totalItems: number;
  totalAmount: number;
  totalAmountWithTax: number;
  userItemLimitQty: number | null;
  userLimitMinOrderAmount: number | null;
  loading: boolean;
  error: string | null;
}

export const initialCart: CartState = {
  items: [],
  count: 0,
  totalItems: 0,
  totalAmount: 0,
  totalAmountWithTax: 0,
  userItemLimitQty: null,
  userLimitMinOrderAmount: null,
  loading: false,
  error: null,
};

const e = cartApi.endpoints;
const calls = [e.getCartItems, e.addToCart, e.updateCartItem, e.removeCartItem, e.clearCart] as const;
const fallbackFor = new Map<string, string>([
  ['getCartItems', CART_MESSAGES.fetch],
  ['addToCart', CART_MESSAGES.add],
  ['updateCartItem', CART_MESSAGES.update],
  ['removeCartItem', CART_MESSAGES.remove],
  ['clearCart', CART_MESSAGES.clear],
]);

function fromSummary(s: Partial<CartSummary> | undefined): Omit<CartState, 'loading' | 'error'> {
  const items = s?.finalCartItems ?? [];
  return {
    items,
    count: items.length,
    totalItems: s?.totalItems ?? 0,
    totalAmount: s?.totalAmount ?? 0,
    totalAmountWithTax: s?.totalAmountWithTax ?? 0,
    userItemLimitQty: s?.userItemLimitQty ?? null,
    userLimitMinOrderAmount: s?.userLimitMinOrderAmount ?? null,
  };
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCart,
  reducers: {
    setItems(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
      state.count = action.payload.length;
    },
    /** Local quantity change: Qty set, TotalPrice = price × quantity with 2 decimals. */
    updateQuantity(state, action: PayloadAction<{ productId: string; quantity: number }>) {
      const item = state.items.find((i) => i.Product.id === action.payload.productId);
      if (!item) return;
      item.Product.Qty = action.payload.quantity;
      item.Product.TotalPrice = (item.price * action.payload.quantity).toFixed(2);
    },
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((i) => i.Product.id !== action.payload);
      state.count = state.items.length;
    },
    clearCart: () => initialCart,
    setCount(state, action: PayloadAction<number>) {
      state.count = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(resetStores, () => initialCart)
      .addMatcher(isAnyOf(...calls.map((c) => c.matchPending)), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(isAnyOf(...calls.map((c) => c.matchFulfilled)), (state, action) => ({
        ...fromSummary(action.payload),
        loading: false,
        error: null,
      }))
      .addMatcher(
        isAnyOf(...calls.map((c) => c.matchRejected)),
        (state, action: UnknownAction & { payload?: unknown; meta?: unknown }) => {
          state.loading = false;
          const meta = action.meta as { condition?: boolean; arg?: { endpointName?: string } } | undefined;
          if (meta?.condition) return; // skipped because a fetch was already running: not a failure
          state.error = errorMessage(action.payload, fallbackFor.get(meta?.arg?.endpointName ?? '') ?? CART_MESSAGES.fetch);
        },
      ),
});

export const cartActions = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
