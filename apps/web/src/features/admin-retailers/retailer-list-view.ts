// The retailer list's view kept in the URL (page, sort, search and the filters) and the API query it
// makes. Balances are typed and kept in dollars (`?balanceMin=100`) and sent in cents; a value the
// screen does not offer, or a range whose minimum is above its maximum, is left out of the query, so a
// stale or hand-edited link never makes the server answer 400.
import { ADMIN_RETAILER_SORT_KEYS } from '@portal/shared/api/sort';
import { dollarsToCents } from '@portal/shared/money/money';
import { RETAILER_MONEY_MAX_CENTS, RETAILER_STATUSES } from '@portal/shared/retailers/retailers.schemas';
import { useGridUrlState, type FilterSpec, type SortDir } from '../../components/data-grid/use-grid-url-state';
import type { RetailerSort } from './admin-retailers.types';

export const FILTER_DEFAULTS = {
  route: '',
  orderDay: '',
  salesRep: '',
  priceClass: '',
  status: 'all',
  balanceMin: '',
  balanceMax: '',
  openOrders: '',
} as const;
export type RetailerFilterName = keyof typeof FILTER_DEFAULTS;
export type RetailerFilters = Record<RetailerFilterName, string>;

const FILTER_SPECS: Record<RetailerFilterName, FilterSpec> = {
  route: { default: '' },
  orderDay: { values: ['0', '1', '2', '3', '4', '5', '6', '7', '8'], default: '' },
  salesRep: { default: '' },
  priceClass: { values: ['1', '2', '3', '4', '5'], default: '' },
  status: { values: RETAILER_STATUSES, default: 'all' },
  balanceMin: { default: '' },
  balanceMax: { default: '' },
  openOrders: { values: ['true', 'false'], default: '' },
};

/** Dollars as typed ("1,250.50", "-25") → cents, or null when blank, not an amount, or out of range. */
export function balanceCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = dollarsToCents(Number(clean));
  return Math.abs(cents) <= RETAILER_MONEY_MAX_CENTS ? cents : null;
}

/** The balance range's problem, if any (shown under the fields; the query leaves such a range out). */
export function balanceRangeError(min: string, max: string): string | null {
  if (min.trim() && balanceCents(min) === null) return 'Enter an amount in dollars';
  if (max.trim() && balanceCents(max) === null) return 'Enter an amount in dollars';
  const lo = balanceCents(min);
  const hi = balanceCents(max);
  if (lo !== null && hi !== null && lo > hi) return 'The minimum balance is above the maximum';
  return null;
}

export interface RetailerListView {
  page: number;
  limit: number;
  sort: RetailerSort;
  dir: SortDir;
  search: string;
  filters: RetailerFilters;
}

/** The list's query string, in the order the API documents its parameters; empty filters left out. */
export function retailerListParams(v: RetailerListView): string {
  const p = new URLSearchParams({ page: String(v.page), limit: String(v.limit), sort: v.sort, dir: v.dir });
  const f = v.filters;
  if (v.search) p.set('search', v.search);
  if (f.route) p.set('route', f.route);
  if (f.orderDay) p.set('orderDay', f.orderDay);
  if (f.salesRep) p.set('salesRepId', f.salesRep);
  if (f.priceClass) p.set('priceClass', f.priceClass);
  p.set('status', f.status);
  if (!balanceRangeError(f.balanceMin, f.balanceMax)) {
    const lo = balanceCents(f.balanceMin);
    const hi = balanceCents(f.balanceMax);
    if (lo !== null) p.set('balanceMinCents', String(lo));
    if (hi !== null) p.set('balanceMaxCents', String(hi));
  }
  if (f.openOrders) p.set('hasOpenOrders', f.openOrders);
  return p.toString();
}

/** How many filters differ from their default (the phone's Filters badge, Clear filters). */
export function activeFilterCount(filters: RetailerFilters): number {
  return (Object.keys(FILTER_DEFAULTS) as RetailerFilterName[]).filter((k) => filters[k] !== FILTER_DEFAULTS[k]).length;
}

export function useRetailerListView() {
  const view = useGridUrlState<RetailerSort, RetailerFilterName>({
    sorts: ADMIN_RETAILER_SORT_KEYS,
    defaultSort: 'name',
    filters: FILTER_SPECS,
  });
  return { view, params: retailerListParams(view) };
}
