// Sorting of the lists (issue 13 §3): the keys each list can be sorted by, and the direction a
// column starts in. Kept free of zod so that the web pages can use it without loading zod.
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface Sorting<K extends string = string> {
  sort: K;
  dir: SortDirection;
}

/** GET /retailer/orderHistory: placed date, order number, line count, total, status (in lifecycle order). */
export const ORDER_HISTORY_SORT_KEYS = ['date', 'orderNumber', 'items', 'total', 'status'] as const;
export type OrderHistorySortKey = (typeof ORDER_HISTORY_SORT_KEYS)[number];

/** POST /retailer/orderedProducts: last ordered, description, item number, units in total, number of orders. */
export const ORDERED_ITEMS_SORT_KEYS = ['lastOrdered', 'name', 'itemNumber', 'totalQuantity', 'orderCount'] as const;
export type OrderedItemsSortKey = (typeof ORDERED_ITEMS_SORT_KEYS)[number];

/** GET /retailer/accountReceivable: date, type, reference, amount (charges positive, payments negative). */
export const LEDGER_SORT_KEYS = ['date', 'kind', 'reference', 'amount'] as const;
export type LedgerSortKey = (typeof LEDGER_SORT_KEYS)[number];

/** /sales/retailers (the whole list is loaded, so it is sorted in the browser). */
export const RETAILER_SORT_KEYS = ['name', 'number', 'balance', 'orderDay'] as const;
export type RetailerSortKey = (typeof RETAILER_SORT_KEYS)[number];

/** GET /admin/vendors: name, number of products, created date, active first or last. */
export const VENDOR_SORT_KEYS = ['name', 'productCount', 'createdAt', 'isActive'] as const;
export type VendorSortKey = (typeof VENDOR_SORT_KEYS)[number];

/** GET /admin/retailers: C_Number, business name, city, route (then stop), balance, last order. */
export const ADMIN_RETAILER_SORT_KEYS = ['cNumber', 'name', 'city', 'route', 'balance', 'lastOrder'] as const;
export type AdminRetailerSortKey = (typeof ADMIN_RETAILER_SORT_KEYS)[number];

/** GET /admin/products: the grid's sortable columns. */
export const PRODUCT_SORT_KEYS = [
  'itemNumber',
  'description',
  'brand',
  'category',
  'vendor',
  'price1',
  'stockOnHand',
  'productLimit',
  'createdAt',
  'updatedAt',
  'isActive',
] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/** GET /admin/promotions and /admin/banners: title, start, end, created date. */
export const PROMOTION_SORT_KEYS = ['title', 'startsAt', 'endsAt', 'createdAt'] as const;
export type PromotionSortKey = (typeof PROMOTION_SORT_KEYS)[number];

/** The default order of each list: what the screens showed before sorting existed. */
export const DEFAULT_SORTS = {
  orderHistory: { sort: 'date', dir: 'desc' },
  orderedItems: { sort: 'lastOrdered', dir: 'desc' },
  ledger: { sort: 'date', dir: 'desc' },
  retailers: { sort: 'name', dir: 'asc' },
  vendors: { sort: 'name', dir: 'asc' },
  adminRetailers: { sort: 'name', dir: 'asc' },
  products: { sort: 'itemNumber', dir: 'asc' },
  promotions: { sort: 'startsAt', dir: 'desc' },
} as const satisfies Record<string, Sorting>;

/** Dates, amounts and counts start newest / largest first; names and numbers start A to Z. */
const STARTS_DESCENDING = new Set<string>([
  'date',
  'lastOrdered',
  'lastOrder',
  'total',
  'items',
  'amount',
  'totalQuantity',
  'orderCount',
  'balance',
  'productCount',
  'createdAt',
  'updatedAt',
  'price1',
  'stockOnHand',
  'startsAt',
  'endsAt',
]);

export function firstDirection(key: string): SortDirection {
  return STARTS_DESCENDING.has(key) ? 'desc' : 'asc';
}

/** The sorting a request asks for: no key gives the list's default, a key without a direction its first direction. */
export function resolveSorting<K extends string>(
  fallback: Sorting<K>,
  sort: K | undefined,
  dir: SortDirection | undefined,
): Sorting<K> {
  if (!sort) return { sort: fallback.sort, dir: dir ?? fallback.dir };
  return { sort, dir: dir ?? firstDirection(sort) };
}

/** What a click on a column header does: the same column flips, another one starts in its first direction. */
export function nextSorting<K extends string>(current: Sorting<K>, key: K): Sorting<K> {
  if (current.sort === key) return { sort: key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: key, dir: firstDirection(key) };
}
