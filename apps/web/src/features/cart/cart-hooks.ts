// Reading the cart summary and the signed-in store from the Redux store. Typed by the slices they
// read, so they do not depend on the shape of the whole root state.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { notify } from '../../lib/notify';
import { useAddToCartMutation, useRemoveCartItemMutation, useUpdateCartItemMutation } from './cart.api';
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

/**
 * A product's quantity as the buyer edits it. Taps and typing change a draft at once; the draft is
 * sent after a short pause (one call for a burst of taps) as add, update or remove, after the
 * product-limit check of spec §5. A refused change falls back to the cart's quantity.
 */
export function useQuantityEditor(product: OrderableProduct): QuantityEditor {
  const inCart = useCartQuantity(product.productId);
  const { userItemLimitQty } = useCart();
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Counts edits, so an answer to an older edit does not wipe a newer draft.
  const edits = useRef(0);
  const [add, addState] = useAddToCartMutation();
  const [update, updateState] = useUpdateCartItemMutation();
  const [remove, removeState] = useRemoveCartItemMutation();

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
      if (target <= 0) await remove({ productId: product.productId });
      else if (inCart === 0) await add({ productId: product.productId, quantity: target });
      else await update({ productId: product.productId, quantity: target });
      done();
    },
    [add, update, remove, inCart, product, userItemLimitQty],
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
  const busy = addState.isLoading || updateState.isLoading || removeState.isLoading;
  const limit = limitOf(product, userItemLimitQty);
  return useMemo(() => ({ quantity, inCart, change, busy, limit }), [quantity, inCart, change, busy, limit]);
}
