// The distributor dashboard's pure rules (docs/admin-dashboard.md): the period kept in the URL
// (`?days=7|30|90` or `?from=…&to=…`), the request it makes, and the list each tile opens, with the
// filters in that list's own URL. A tile whose list the user's grants do not open gets no link.
import { can, type ModulePermission } from '@portal/shared/auth/permissions';
import {
  addDays,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_PRESETS,
  isDay,
  REVENUE_STATUSES,
  type DistributorDashboardBody,
} from '@portal/shared/dashboard/distributor-dashboard.schemas';
import type { OrderStatus } from '@portal/shared/orders/order-status';

export type PeriodChoice = { kind: 'preset'; days: number } | { kind: 'custom'; from: string; to: string };

/** The period the URL names; anything else (a hand-edited link) is the default 30 days. */
export function periodFromUrl(params: URLSearchParams): PeriodChoice {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isDay(from) && isDay(to)) return from <= to ? { kind: 'custom', from, to } : { kind: 'custom', from: to, to: from };
  const days = Number(params.get('days'));
  return { kind: 'preset', days: (DASHBOARD_PRESETS as readonly number[]).includes(days) ? days : DASHBOARD_DEFAULT_DAYS };
}

/** The URL parameters of a period (the default one has none). */
export function urlOfPeriod(p: PeriodChoice): Record<string, string> {
  if (p.kind === 'custom') return { from: p.from, to: p.to };
  return p.days === DASHBOARD_DEFAULT_DAYS ? {} : { days: String(p.days) };
}

/**
 * The request body. A preset ends on the distributor's today as the last answer gave it; before any
 * answer the default period is asked without dates (the server knows the time zone), another preset
 * from the browser's date.
 */
export function bodyOfPeriod(p: PeriodChoice, today: string | null): DistributorDashboardBody {
  if (p.kind === 'custom') return { from: p.from, to: p.to };
  if (!today) {
    if (p.days === DASHBOARD_DEFAULT_DAYS) return {};
    today = browserToday();
  }
  return { from: addDays(today, -(p.days - 1)), to: today };
}

export function browserToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type TileKey =
  | 'revenue'
  | 'orders'
  | 'average'
  | 'cancelled'
  | 'newStores'
  | 'pendingRequests'
  | 'openTickets'
  | 'lowStock'
  | 'missed'
  | 'receivables'
  | 'overLimit'
  | 'pastDue';

const ordersLink = (from: string, to: string, statuses: readonly OrderStatus[], extra: Record<string, string> = {}) =>
  `/admin/order?${new URLSearchParams({ status: statuses.join(','), createdFrom: from, createdTo: to, ...extra }).toString()}`;

/** The list behind each tile with its filters, or null when the grants do not open it. */
export function tileLinks(
  period: { from: string; to: string },
  grants: readonly ModulePermission[],
): Record<TileKey, string | null> {
  const orders = can(grants, 'Orders', 'view');
  const retailers = can(grants, 'Retailers', 'view');
  const revenue = ordersLink(period.from, period.to, REVENUE_STATUSES);
  return {
    revenue: orders ? revenue : null,
    orders: orders ? revenue : null,
    average: orders ? revenue : null,
    cancelled: orders ? ordersLink(period.from, period.to, ['cancelled']) : null,
    newStores: retailers ? '/admin/retailers' : null,
    pendingRequests: can(grants, 'Retailer Requests', 'view') ? '/admin/retailer-requests?status=pending' : null,
    openTickets: can(grants, 'Support Tickets', 'view') ? '/admin/support-tickets?status=active' : null,
    lowStock: can(grants, 'Products', 'view') ? '/admin/products?stock=low&status=active' : null,
    // The stores are listed on the dashboard itself.
    missed: '#missed-order-day',
    receivables: retailers ? '/admin/retailers?balanceMin=0.01&sort=balance&dir=desc' : null,
    overLimit: retailers ? '/admin/retailers?balanceMin=0.01&sort=balance&dir=desc' : null,
    pastDue: can(grants, 'Account Receivable', 'view') ? '/admin/account?show=pastDue' : null,
  };
}

/** The queue of one status's orders in the period (a bar or row of "orders by status"). */
export function statusLink(period: { from: string; to: string }, status: OrderStatus, grants: readonly ModulePermission[]) {
  return can(grants, 'Orders', 'view') ? ordersLink(period.from, period.to, [status]) : null;
}

/** The queue of a rep's stores' orders in the period. */
export function repLink(period: { from: string; to: string }, salesRepId: string, grants: readonly ModulePermission[]) {
  return can(grants, 'Orders', 'view') ? ordersLink(period.from, period.to, REVENUE_STATUSES, { salesRepId }) : null;
}

export function storeLink(customerId: string, grants: readonly ModulePermission[]) {
  return can(grants, 'Retailers', 'view') ? `/admin/retailers/view/${encodeURIComponent(customerId)}` : null;
}

export function productLink(itemNumber: string, grants: readonly ModulePermission[]) {
  return can(grants, 'Products', 'view') ? `/admin/products?${new URLSearchParams({ search: itemNumber }).toString()}` : null;
}

/** "+12.5%", "−3%", "0%"; null (no base to compare with) is "new" when the figure is above 0, else "". */
export function changeText(change: number | null, current: number): string {
  if (change == null) return current > 0 ? 'new' : '';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toLocaleString('en-US')}%`;
}
