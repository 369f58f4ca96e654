// How a store's coded terms read on the office screens.
import { ORDER_DAY_NAMES } from '@portal/shared/orders/order-day';
import type { DeliveryChargeRule } from '@portal/shared/retailers/retailers.schemas';

/** 0 → "None", 1–7 → "Monday"…"Sunday", 8 → "Other". */
export function orderDayLabel(code: number): string {
  if (code >= 1 && code <= 7) return ORDER_DAY_NAMES[code]!;
  return code === 8 ? 'Other' : 'None';
}

export const ORDER_DAY_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 0].map((code) => ({ value: String(code), label: orderDayLabel(code) }));

export const PRICE_CLASS_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `Price ${n}` }));

export const DELIVERY_RULE_LABELS: Record<DeliveryChargeRule, string> = {
  standard: 'Standard (your setting)',
  waived: 'Waived',
  flat: 'Flat amount for this store',
};

/** "101 / 4", "101", or "" when the store has no route. */
export function routeStop(route: string | null, stop: string | null): string {
  if (!route) return stop ? `Stop ${stop}` : '';
  return stop ? `${route} / ${stop}` : route;
}
