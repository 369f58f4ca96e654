// The web side of spec §4 "Cart-open check" and §5 "Before ordering": the shared rules applied to
// the cart summary in the store. The server enforces the same rules on placement.
import { checkBeforeOrder, checkProductLimit, effectiveProductLimit } from '@portal/shared/cart/cart-rules';
import { dollarsToCents } from '@portal/shared/money/money';

export interface CartTotals {
  items: readonly unknown[];
  totalAmount: number;
  userLimitMinOrderAmount: number | null;
}

/** The message that stops opening the cart or ordering, or null when the cart may go ahead. */
export function beforeOrderMessage(cart: CartTotals): string | null {
  return checkBeforeOrder({
    lineCount: cart.items.length,
    totalCents: dollarsToCents(cart.totalAmount),
    minOrderCents: cart.userLimitMinOrderAmount == null ? null : dollarsToCents(cart.userLimitMinOrderAmount),
  });
}

/** The limit that applies to a product line (its own, else the customer's per-item limit), or null. */
export function limitOf(
  product: { hasProductLimit: boolean; productLimit: number | null },
  userItemLimitQty: number | null,
): number | null {
  return effectiveProductLimit({
    hasProductLimit: product.hasProductLimit,
    productLimit: product.productLimit,
    userItemLimitQty,
  });
}

/**
 * The product-limit message for putting `quantity` of a product in the cart, or null.
 * An add passes existing plus added quantity; an update passes the new quantity (spec §5).
 */
export function productLimitMessageFor(
  product: { itemNumber: string; hasProductLimit: boolean; productLimit: number | null },
  quantity: number,
  userItemLimitQty: number | null,
): string | null {
  const limit = limitOf(product, userItemLimitQty);
  return checkProductLimit({ label: product.itemNumber, limit, quantity });
}

/** Counts that say what they count (issue 13 §3): "2 lines · 5 units", "1 line · 1 unit". */
export function linesAndUnits(lines: number, units: number): string {
  return `${lines} ${lines === 1 ? 'line' : 'lines'} · ${units} ${units === 1 ? 'unit' : 'units'}`;
}
