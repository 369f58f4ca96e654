// The distributor's dashboard (issue 18 §5, docs/admin-dashboard.md): one answer with every figure for
// the period asked and the previous period of equal length. Each figure is a GROUP BY in its own
// module's service (orders, customers, products, support tickets, retailer requests, receivables) over
// one UTC range [start of the previous period, end of the current one): rows created before `mid`
// belong to the previous period. Ranking, the rep roll-up and the mapping of UTC hours to local days
// are done here on those grouped rows (at most a few thousand).
import {
  addDays,
  DASHBOARD_LIST,
  DASHBOARD_TOP,
  resolvePeriod,
  type DistributorDashboard,
  type DistributorDashboardBody,
} from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@portal/shared/orders/order-status';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { now } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { newStoreCounts, storeDirectory } from '../customers/customers.service.ts';
import {
  freshSalesSummary,
  missedOrderDays,
  salesPerDayStatus,
  salesPerProduct,
  salesPerStore,
} from '../orders/orders.service.ts';
import { lowStockProducts, productNames } from '../products/products.service.ts';
import { owedNowAndAt, pastDueNow } from '../receivables/receivables.service.ts';
import { pendingRequestCounts } from '../retailer-requests/retailer-requests.service.ts';
import { ticketCounts } from '../support-tickets/support-tickets.service.ts';
import { dayStart, localDay } from '../../platform/time-zone.ts';

/** Spec §4's order day of a calendar day: 1 Monday … 7 Sunday. */
function orderDayOf(day: string): number {
  const w = new Date(`${day}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
}

function fieldOf(message: string): Record<string, string> {
  if (message.startsWith('from')) return { from: message };
  if (message.startsWith('to')) return { to: message };
  return { from: message };
}

export async function distributorDashboard(db: Db, actor: Actor, body: DistributorDashboardBody): Promise<DistributorDashboard> {
  const distributorId = actor.distributorId;
  // The order sums read the per-day roll-ups (docs/admin-dashboard.md "Freshness").
  const timeZone = await freshSalesSummary(db, distributorId);
  const instant = now();
  const today = localDay(instant, timeZone);
  const resolved = resolvePeriod(body, today);
  if (!resolved.ok) throw badRequest(resolved.message, fieldOf(resolved.message));
  const { period, previous } = resolved;

  // Every local day of both periods, the UTC instant each starts at, and the end of the last.
  const days: string[] = [];
  for (let d = previous.from; d <= period.to; d = addDays(d, 1)) days.push(d);
  const startsMs = days.map((d) => dayStart(d, timeZone).getTime());
  const endMs = dayStart(addDays(period.to, 1), timeZone).getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const range = { distributorId, start: iso(startsMs[0]!), mid: iso(startsMs[previous.days]!), end: iso(endMs) };
  const previousDays = { distributorId, from: previous.from, to: previous.to };
  const currentDays = { distributorId, from: period.from, to: period.to };

  // A store's order day counts once it is over (before today) and inside the period.
  const windows = days.flatMap((day, i) =>
    day < today
      ? [
          {
            current: i >= previous.days,
            day,
            weekday: orderDayOf(day),
            end: iso(startsMs[i + 1] ?? endMs),
          },
        ]
      : [],
  );

  const [dayStatus, storesBefore, storesNow, top, stores, newStores, lowStock, tickets, requests, owed, pastDue, missed] =
    await Promise.all([
      salesPerDayStatus(db, { distributorId, from: previous.from, to: period.to }),
      salesPerStore(db, previousDays),
      salesPerStore(db, currentDays),
      salesPerProduct(db, { ...currentDays, limit: DASHBOARD_TOP }),
      storeDirectory(db, distributorId),
      newStoreCounts(db, range),
      lowStockProducts(db, distributorId, DASHBOARD_LIST),
      ticketCounts(db, range),
      pendingRequestCounts(db, distributorId, range.mid),
      owedNowAndAt(db, distributorId, range.mid),
      pastDueNow(db, actor),
      missedOrderDays(db, distributorId, windows),
    ]);
  const [topBefore, names] = await Promise.all([
    salesPerProduct(db, { ...previousDays, productIds: top.map((p) => p.productId) }),
    productNames(
      db,
      distributorId,
      top.map((p) => p.productId),
    ),
  ]);

  // Revenue and orders per local day.
  const perDayOrders = new Array<number>(days.length).fill(0);
  const perDayCents = new Array<number>(days.length).fill(0);
  const dayAt = new Map(days.map((d, i) => [d, i]));
  for (const b of dayStatus) {
    const i = dayAt.get(b.day);
    if (i === undefined || b.status === 'cancelled') continue;
    perDayOrders[i]! += b.orders;
    perDayCents[i]! += b.cents;
  }
  const sum = (xs: number[], from: number, to: number) => xs.slice(from, to).reduce((a, b) => a + b, 0);
  const p = previous.days;
  const revenue = { current: sum(perDayCents, p, days.length), previous: sum(perDayCents, 0, p) };
  const orders = { current: sum(perDayOrders, p, days.length), previous: sum(perDayOrders, 0, p) };
  const average = (cents: number, n: number) => (n === 0 ? 0 : Math.round(cents / n));

  const statusCount = (s: OrderStatus, current: boolean) =>
    dayStatus.filter((x) => x.status === s && x.day >= period.from === current).reduce((a, x) => a + x.orders, 0);
  const storeTotals = [
    ...storesBefore.map((t) => ({ ...t, current: false })),
    ...storesNow.map((t) => ({ ...t, current: true })),
  ];

  // Stores and reps: the store sums rolled up to each store's current rep.
  const directory = new Map(stores.map((s) => [s.id, s]));
  const byStore = new Map<string, { orders: number; cents: number; prevCents: number }>();
  const byRep = new Map<string, { orders: number; cents: number; prevCents: number }>();
  for (const t of storeTotals) {
    const store = byStore.get(t.customerId) ?? { orders: 0, cents: 0, prevCents: 0 };
    const repId = directory.get(t.customerId)?.salesRepId;
    const rep = repId ? (byRep.get(repId) ?? { orders: 0, cents: 0, prevCents: 0 }) : null;
    for (const x of rep ? [store, rep] : [store]) {
      if (t.current) {
        x.orders += t.orders;
        x.cents += t.cents;
      } else x.prevCents += t.cents;
    }
    byStore.set(t.customerId, store);
    if (repId && rep) byRep.set(repId, rep);
  }
  const ranked = <T extends { cents: number }>(m: Map<string, T>) =>
    [...m.entries()]
      .filter(([, v]) => v.cents > 0)
      .sort((a, b) => b[1].cents - a[1].cents || a[0].localeCompare(b[0]))
      .slice(0, DASHBOARD_TOP);
  const repNames = new Map(stores.filter((s) => s.salesRepId).map((s) => [s.salesRepId!, s.salesRepName ?? s.salesRepId!]));

  const before = new Map(topBefore.map((t) => [t.productId, t]));
  const missedCurrent = missed.filter((m) => m.current);

  return {
    timeZone,
    today,
    period,
    previousPeriod: previous,
    figures: {
      revenueCents: revenue,
      orders,
      averageOrderCents: {
        current: average(revenue.current, orders.current),
        previous: average(revenue.previous, orders.previous),
      },
      cancelledOrders: { current: statusCount('cancelled', true), previous: statusCount('cancelled', false) },
      newStores,
      pendingRequests: { current: requests.now, previous: requests.then },
      openTickets: { current: tickets.openNow, previous: tickets.openAtMid },
      openedTickets: tickets.opened,
      lowStockProducts: { current: lowStock.count, previous: null },
      storesMissedOrderDay: { current: missedCurrent.length, previous: missed.length - missedCurrent.length },
      receivablesCents: { current: owed.now.cents, previous: owed.then.cents },
      storesOwing: { current: owed.now.stores, previous: owed.then.stores },
      overLimitStores: { current: owed.now.overLimit, previous: owed.then.overLimit },
      pastDueCents: { current: pastDue.cents, previous: null },
      storesPastDue: { current: pastDue.stores, previous: null },
    },
    perDay: Array.from({ length: period.days }, (_, i) => ({
      date: days[p + i]!,
      revenueCents: perDayCents[p + i]!,
      orders: perDayOrders[p + i]!,
      previousDate: days[i]!,
      previousRevenueCents: perDayCents[i]!,
      previousOrders: perDayOrders[i]!,
    })),
    byStatus: ORDER_STATUSES.map((status) => ({
      status,
      label: ORDER_STATUS_LABELS[status],
      current: statusCount(status, true),
      previous: statusCount(status, false),
    })),
    topProducts: top.map((t) => ({
      productId: t.productId,
      itemNumber: names.get(t.productId)?.itemNumber ?? '',
      description: names.get(t.productId)?.description ?? '',
      quantity: t.quantity,
      revenueCents: t.cents,
      previousQuantity: before.get(t.productId)?.quantity ?? 0,
      previousRevenueCents: before.get(t.productId)?.cents ?? 0,
    })),
    topStores: ranked(byStore).map(([id, v]) => ({
      customerId: id,
      cNumber: directory.get(id)?.cNumber ?? '',
      name: directory.get(id)?.name ?? '',
      orders: v.orders,
      revenueCents: v.cents,
      previousRevenueCents: v.prevCents,
    })),
    topReps: ranked(byRep).map(([id, v]) => ({
      salesRepId: id,
      name: repNames.get(id) ?? id,
      orders: v.orders,
      revenueCents: v.cents,
      previousRevenueCents: v.prevCents,
    })),
    lowStock: lowStock.items,
    missedStores: missedCurrent
      .sort((a, b) => b.lastDay.localeCompare(a.lastDay) || b.missed - a.missed || a.customerId.localeCompare(b.customerId))
      .slice(0, DASHBOARD_LIST)
      .map((m) => ({
        customerId: m.customerId,
        cNumber: directory.get(m.customerId)?.cNumber ?? '',
        name: directory.get(m.customerId)?.name ?? '',
        orderDay: directory.get(m.customerId)?.orderDay ?? 0,
        missedOn: m.lastDay,
      })),
  };
}
