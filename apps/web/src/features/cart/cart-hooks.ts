// Reading the cart summary and the signed-in store from the Redux store. Typed by the slices they
// read, so they do not depend on the shape of the whole root state.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { cartApi } from './cart.api';
import type { OrderableProduct, QuantityEditor } from '../../components/product/quantity-editor';
import { limitOf, productLimitMessageFor } from '../../lib/cart-checks';
import type { CartState } from './cart.slice';

export const selectCart = (s: { cart: CartState }) => s.cart;

export function useCart(): CartState {
  return useSelector(selectCart);
}

/** The quantity of a product in the cart (0 when absent). */
export function useCartQuantity(productId: string): number {
  return useSelector((s: { cart: CartState }) => s.cart.items.find((i) => i.Product.id === productId)?.Product.Qty ?? 0);
}

export const QUANTITY_COMMIT_DELAY_MS = 400;

const selectItemLimit = (s: { cart: CartState }) => s.cart.userItemLimitQty;

/**
 * A product's quantity as the buyer edits it. Taps and typing change a draft at once; the draft is
 * sent after a short pause (one call for a burst of taps) as add, update or remove, after the
 * product-limit check of spec §5. A refused change falls back to the cart's quantity.
 */
export function useQuantityEditor(product: OrderableProduct): QuantityEditor {
  const inCart = useCartQuantity(product.productId);
  const userItemLimitQty = useSelector(selectItemLimit);
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<number | null>(null);
  // Calls under way. The endpoints are dispatched, not used through their three mutation hooks:
  // this hook runs once per product on screen (dozens on the order screen's first render), and
  // nothing reads a mutation's state but `busy`.
  const [sending, setSending] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Counts edits, so an answer to an older edit does not wipe a newer draft.
  const edits = useRef(0);

  const commit = useCallback(
    async (target: number) => {
      const edit = edits.current;
      const done = () => {
        if (edits.current === edit) setDraft(null);
      };
      if (target === inCart) return done();
      if (target > 0) {
        const refused = productLimitMessageFor(product, target, userItemLimitQty);
        if (refused) {
          notify.error(refused);
          return done();
        }
      }
      // Failures toast inside the endpoints; the quantity shown then falls back to the cart's.
      const { productId } = product;
      const { addToCart, removeCartItem, updateCartItem } = cartApi.endpoints;
      const call =
        target <= 0
          ? dispatch(removeCartItem.initiate({ productId }))
          : inCart === 0
            ? dispatch(addToCart.initiate({ productId, quantity: target }))
            : dispatch(updateCartItem.initiate({ productId, quantity: target }));
      setSending((n) => n + 1);
      try {
        await call;
      } finally {
        // The answer is in the cart's cache (onQueryStarted); drop the mutation's own entry.
        call.reset();
        setSending((n) => n - 1);
      }
      done();
    },
    [dispatch, inCart, product, userItemLimitQty],
  );

  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const change = useCallback((next: number, immediate = false) => {
    const value = Math.max(0, Math.floor(Number.isFinite(next) ? next : 0));
    edits.current += 1;
    setDraft(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void commitRef.current(value), immediate ? 0 : QUANTITY_COMMIT_DELAY_MS);
  }, []);

  const quantity = draft ?? inCart;
  const busy = sending > 0;
  const limit = limitOf(product, userItemLimitQty);
  return useMemo(() => ({ quantity, inCart, change, busy, limit }), [quantity, inCart, change, busy, limit]);
}
