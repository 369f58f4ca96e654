// The queue's filters as the URL keeps them (strings, amounts in dollars) and as the API and saved views
// take them (status list, amounts in cents): conversions both ways, the list's query string, and what a
// bulk move will do to the chosen orders, for the confirmation. Pure functions, unit-tested.
import type { AdminOrderSortKey, SavedViewFilters } from '@portal/shared/orders/admin-orders.schemas';
import { moveRefusal, ORDER_STATUSES, type OrderStatus, type TargetStatus } from '@portal/shared/orders/order-status';

/** The URL's filter parameters besides page, limit, sort, dir and search. */
export const FILTER_NAMES = [
  'status',
  'createdFrom',
  'createdTo',
  'deliveryFrom',
  'deliveryTo',
  'route',
  'orderDay',
  'salesRepId',
  'placedBy',
  'amountMin',
  'amountMax',
  'late',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type UrlFilters = Record<FilterName, string> & { search: string };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string) => (DAY_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined);
const dollarsToCents = (v: string) => {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? Math.round(n * 100) : undefined;
};
const centsToDollars = (c: number | undefined) => (c == null ? '' : (c / 100).toFixed(2).replace(/\.00$/, ''));

export function statusesOf(v: string): OrderStatus[] {
  const chosen = new Set(v.split(','));
  return ORDER_STATUSES.filter((s) => chosen.has(s));
}

/**
 * The URL's values as filters; a value the API would refuse (a hand-edited link) is left out rather
 * than answered with a 400, and a range given backwards is swapped.
 */
export function filtersFromUrl(u: UrlFilters): SavedViewFilters {
  const f: SavedViewFilters = {};
  const status = statusesOf(u.status);
  if (status.length) f.status = status;
  let [createdFrom, createdTo] = [day(u.createdFrom), day(u.createdTo)];
  if (createdFrom && createdTo && createdFrom > createdTo) [createdFrom, createdTo] = [createdTo, createdFrom];
  if (createdFrom) f.createdFrom = createdFrom;
  if (createdTo) f.createdTo = createdTo;
  let [deliveryFrom, deliveryTo] = [day(u.deliveryFrom), day(u.deliveryTo)];
  if (deliveryFrom && deliveryTo && deliveryFrom > deliveryTo) [deliveryFrom, deliveryTo] = [deliveryTo, deliveryFrom];
  if (deliveryFrom) f.deliveryFrom = deliveryFrom;
  if (deliveryTo) f.deliveryTo = deliveryTo;
  if (u.route.trim()) f.route = u.route.trim().slice(0, 20);
  const orderDay = Number(u.orderDay);
  if (u.orderDay !== '' && Number.isInteger(orderDay) && orderDay >= 0 && orderDay <= 8) f.orderDay = orderDay;
  if (u.salesRepId) f.salesRepId = u.salesRepId.slice(0, 64);
  if (u.placedBy === 'retailer' || u.placedBy === 'sales' || u.placedBy === 'distributor') f.placedBy = u.placedBy;
  let [min, max] = [dollarsToCents(u.amountMin), dollarsToCents(u.amountMax)];
  if (min != null && max != null && min > max) [min, max] = [max, min];
  if (min != null) f.amountMinCents = min;
  if (max != null) f.amountMaxCents = max;
  if (u.search.trim()) f.search = u.search.trim().slice(0, 100);
  if (u.late === 'true' || u.late === 'false') f.late = u.late === 'true';
  return f;
}

/** A saved view's filters as URL values (every name present: '' clears it). */
export function urlFromFilters(f: SavedViewFilters): UrlFilters {
  return {
    status: (f.status ?? []).join(','),
    createdFrom: f.createdFrom ?? '',
    createdTo: f.createdTo ?? '',
    deliveryFrom: f.deliveryFrom ?? '',
    deliveryTo: f.deliveryTo ?? '',
    route: f.route ?? '',
    orderDay: f.orderDay == null ? '' : String(f.orderDay),
    salesRepId: f.salesRepId ?? '',
    placedBy: f.placedBy ?? '',
    amountMin: centsToDollars(f.amountMinCents),
    amountMax: centsToDollars(f.amountMaxCents),
    search: f.search ?? '',
    late: f.late == null ? '' : String(f.late),
  };
}

/** The same filters, whatever order the fields or statuses were written in. */
export function sameFilters(a: SavedViewFilters, b: SavedViewFilters): boolean {
  const norm = (f: SavedViewFilters) =>
    JSON.stringify(
      Object.entries({ ...f, status: f.status?.length ? statusesOf(f.status.join(',')) : undefined })
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return norm(a) === norm(b);
}

export function isEmptyFilters(f: SavedViewFilters): boolean {
  return Object.keys(f).length === 0;
}

/** GET /admin/orders's query string. */
export function listQueryString(
  view: { page: number; limit: number; sort: AdminOrderSortKey; dir: 'asc' | 'desc' },
  f: SavedViewFilters,
): string {
  const p = new URLSearchParams({ page: String(view.page), limit: String(view.limit), sort: view.sort, dir: view.dir });
  for (const [key, value] of Object.entries(f)) {
    if (value === undefined) continue;
    p.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return p.toString();
}

export interface BulkPlan {
  moving: number;
  /** The orders that will be refused, by reason ("already delivered"). */
  refused: { reason: string; count: number }[];
}

/** What moving these orders (as last seen) to `to` will do; the server checks again when it applies. */
export function bulkPlan(statuses: readonly OrderStatus[], to: TargetStatus): BulkPlan {
  let moving = 0;
  const refused = new Map<string, number>();
  for (const s of statuses) {
    const reason = moveRefusal(s, to);
    if (reason) refused.set(reason, (refused.get(reason) ?? 0) + 1);
    else moving++;
  }
  return { moving, refused: [...refused].map(([reason, count]) => ({ reason, count })) };
}
