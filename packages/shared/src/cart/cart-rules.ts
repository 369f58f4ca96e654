// The checks of spec §5 "Before ordering" with their exact messages. The server enforces them on
// cart changes and order placement; the web runs the same functions before opening the cart.
import { formatMoney } from '../money/money.ts';

export const EMPTY_CART_MESSAGE = 'Your cart is empty. Please add items before proceeding.';

export function minimumOrderMessage(limitCents: number, totalCents: number): string {
  return (
    `Minimum order amount is ${formatMoney(limitCents)}. Your current total is ${formatMoney(totalCents)}. ` +
    'Please add more items to meet the minimum requirement.'
  );
}

/** {productLabel} is what the store owner recognises: the item number (see docs/ordering.md). */
export function productLimitMessage(productLabel: string, limit: number): string {
  return `Maximum quantity limit for ${productLabel} is ${limit}. You cannot add more than ${limit} items.`;
}

/**
 * The limit that applies to one product line, or null: the product's own limit when it has one,
 * else the customer's per-item limit (userItemLimitQty). A limit of 0 or null means none (spec §5).
 */
export function effectiveProductLimit(opts: {
  hasProductLimit: boolean;
  productLimit: number | null;
  userItemLimitQty?: number | null;
}): number | null {
  if (opts.hasProductLimit && opts.productLimit != null && opts.productLimit !== 0) return opts.productLimit;
  if (opts.userItemLimitQty != null && opts.userItemLimitQty !== 0) return opts.userItemLimitQty;
  return null;
}

/** Spec §5: an add tests existing plus added quantity; an update tests the new quantity. Null when allowed. */
export function checkProductLimit(opts: { label: string; limit: number | null; quantity: number }): string | null {
  if (opts.limit == null || opts.limit === 0) return null;
  return opts.quantity > opts.limit ? productLimitMessage(opts.label, opts.limit) : null;
}

/**
 * Spec §5 before ordering: the empty cart first, then the minimum order amount (enforced only when
 * the limit is not null and not 0), compared with the goods total before tax, CRV and delivery.
 */
export function checkBeforeOrder(opts: { lineCount: number; totalCents: number; minOrderCents: number | null }): string | null {
  if (opts.lineCount === 0) return EMPTY_CART_MESSAGE;
  if (opts.minOrderCents != null && opts.minOrderCents !== 0 && opts.totalCents < opts.minOrderCents) {
    return minimumOrderMessage(opts.minOrderCents, opts.totalCents);
  }
  return null;
}

/** The header cart badge: the count, or 99+ above 99. */
export function cartBadgeText(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, count));
}
