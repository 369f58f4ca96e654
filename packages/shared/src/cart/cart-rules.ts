// The checks of spec §5 "Before ordering" with their exact messages. The server enforces them on
// cart changes and order placement; the web runs the same functions before opening the cart.
import { formatMoney } from '../money/money.ts';
import type { CartProblem } from './cart.schemas.ts';

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

// Stock and line problems (issue 13, docs/ordering.md "Stock"). {Description} ({item_number}) names the
// product in refusals; the cart's inline problems stand next to the line and name nothing.

export function outOfStockMessage(description: string, itemNumber: string): string {
  return `${description} (${itemNumber}) is out of stock.`;
}

export function insufficientStockMessage(available: number, description: string, itemNumber: string): string {
  return `Only ${available} of ${description} (${itemNumber}) left in stock.`;
}

export interface StockRefusal {
  code: 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK';
  message: string;
  available: number;
}

/**
 * Add / update: the quantity asked for (an add counts what is already in the cart) against what is on
 * hand. Null when allowed: enough on hand, or back-orders allowed for the product.
 */
export function checkStock(opts: {
  description: string;
  itemNumber: string;
  onHand: number;
  backOrderAllowed: boolean;
  quantity: number;
}): StockRefusal | null {
  if (opts.backOrderAllowed) return null;
  if (opts.onHand <= 0) {
    return { code: 'OUT_OF_STOCK', message: outOfStockMessage(opts.description, opts.itemNumber), available: 0 };
  }
  if (opts.quantity > opts.onHand) {
    return {
      code: 'INSUFFICIENT_STOCK',
      message: insufficientStockMessage(opts.onHand, opts.description, opts.itemNumber),
      available: opts.onHand,
    };
  }
  return null;
}

/**
 * The problems of one cart line, at most one: the one whose fix makes the line orderable. A line that
 * may not be ordered or has nothing on hand is to be removed; otherwise the tighter of stock on hand
 * and the product limit says how far to reduce it.
 */
export function cartLineProblems(opts: {
  quantity: number;
  onHand: number;
  backOrderAllowed: boolean;
  limit: number | null;
  allowToOrder: boolean;
}): CartProblem[] {
  if (!opts.allowToOrder) {
    return [{ code: 'NOT_ORDERABLE', message: 'No longer available to order.', fix: 'remove', fixQuantity: null }];
  }
  const stockCap = opts.backOrderAllowed ? null : Math.max(0, opts.onHand);
  if (stockCap === 0) return [{ code: 'OUT_OF_STOCK', message: 'Out of stock.', fix: 'remove', fixQuantity: null }];
  const limit = opts.limit != null && opts.limit !== 0 ? opts.limit : null;
  if (stockCap != null && opts.quantity > stockCap && (limit == null || stockCap <= limit)) {
    return [{ code: 'INSUFFICIENT_STOCK', message: `Only ${stockCap} left in stock.`, fix: 'reduce', fixQuantity: stockCap }];
  }
  if (limit != null && opts.quantity > limit) {
    return [{ code: 'PRODUCT_LIMIT', message: `Maximum ${limit} per order.`, fix: 'reduce', fixQuantity: limit }];
  }
  return [];
}

/** Place order refused for problem lines: how many lines need attention. */
export function cartProblemsMessage(lineCount: number): string {
  return lineCount === 1
    ? '1 item in your cart needs attention. Please fix the marked line.'
    : `${lineCount} items in your cart need attention. Please fix the marked lines.`;
}
