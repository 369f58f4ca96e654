// The distributor's dashboard (issue 18 §5, spec §7 `POST /dashboard/distributorDashboard {from?, to?}`):
// the request, its period rules (default, limits, the previous period of equal length) and the answer.
// Days are calendar days in the distributor's time zone, both ends inclusive.
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../orders/order-status';

export const DASHBOARD_MAX_DAYS = 366;
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The period picker's presets (days ending today). */
export const DASHBOARD_PRESETS = [7, 30, 90] as const;
/** How many rows each top list carries. */
export const DASHBOARD_TOP = 5;
/** How many low-stock products and missed stores are listed (the counts are exact). */
export const DASHBOARD_LIST = 10;

/** Orders in these statuses make revenue and count as orders; a cancelled order counts nowhere but its status. */
export const REVENUE_STATUSES = ORDER_STATUSES.filter((s) => s !== 'cancelled') as Exclude<OrderStatus, 'cancelled'>[];

export const DASHBOARD_MESSAGES = {
  fetched: 'Dashboard fetched successfully',
  day: (name: 'from' | 'to') => `${name}: Enter a valid date (YYYY-MM-DD)`,
  order: 'from must be on or before to',
  tooLong: `The period can be at most ${DASHBOARD_MAX_DAYS} days`,
} as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(v: string): boolean {
  if (!DAY_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const day = (name: 'from' | 'to') =>
  z
    .string({ error: DASHBOARD_MESSAGES.day(name) })
    .trim()
    .refine((v) => v === '' || isDay(v), DASHBOARD_MESSAGES.day(name))
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const distributorDashboardBody = z
  .object({ from: day('from'), to: day('to') })
  // A client that sends no body at all asks for the default period.
  .nullish()
  .transform((v) => v ?? {});
export type DistributorDashboardBody = z.infer<typeof distributorDashboardBody>;

/** Whole days from a to b (b − a), both YYYY-MM-DD. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(dayText: string, n: number): string {
  return new Date(Date.parse(`${dayText}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export interface Period {
  from: string;
  to: string;
  days: number;
}

export type PeriodResult = { ok: true; period: Period; previous: Period } | { ok: false; message: string };

/**
 * The period asked for and the one before it. `today` is today's date in the distributor's time zone.
 * No dates: the last 30 days ending today. Only `to`: 30 days ending then. Only `from`: from then to
 * today (or to `from` itself when it lies after today). The previous period has the same number of
 * days and ends the day before `from`.
 */
export function resolvePeriod(body: { from?: string; to?: string }, today: string): PeriodResult {
  let { from, to } = body;
  if (!to) to = from && from > today ? from : today;
  if (!from) from = addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (from > to) return { ok: false, message: DASHBOARD_MESSAGES.order };
  const days = daysBetween(from, to) + 1;
  if (days > DASHBOARD_MAX_DAYS) return { ok: false, message: DASHBOARD_MESSAGES.tooLong };
  const prevTo = addDays(from, -1);
  return { ok: true, period: { from, to, days }, previous: { from: addDays(prevTo, -(days - 1)), to: prevTo, days } };
}

/**
 * The change of a figure against the previous period, in percent rounded to one decimal; null when the
 * previous figure is 0 (no base to compare with) or unknown.
 */
export function percentChange(current: number, previous: number | null): number | null {
  if (previous == null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

const figure = z.object({ current: z.number(), previous: z.number().nullable() });
export type DashboardFigure = z.infer<typeof figure>;
const period = z.object({ from: z.string(), to: z.string(), days: z.number() });

export const distributorDashboardSchema = z.object({
  timeZone: z.string(),
  today: z.string(),
  period,
  previousPeriod: period,
  figures: z.object({
    revenueCents: figure,
    orders: figure,
    averageOrderCents: figure,
    cancelledOrders: figure,
    newStores: figure,
    /** current: pending now; previous: pending at the previous period's end. */
    pendingRequests: figure,
    /** current: open (waiting for staff) now; previous: tickets opened in the previous period vs `openedTickets`. */
    openTickets: figure,
    openedTickets: figure,
    /** Active products at 1..threshold on hand now; there is no stock history, so previous is null. */
    lowStockProducts: figure,
    /** Stores with an order day that passed (before today) without an order from them that day. */
    storesMissedOrderDay: figure,
    /** Sum of positive balances (cents) now and at the previous period's end, from the ledger. */
    receivablesCents: figure,
    storesOwing: figure,
    /** Stores owing more than their credit limit. */
    overLimitStores: figure,
    /**
     * Overdue receivables: open invoices past their due date now (the ageing list's Past due, summed) and the
     * stores with some; the ledger keeps no past ageing, so previous is null.
     */
    pastDueCents: figure,
    storesPastDue: figure,
  }),
  perDay: z.array(
    z.object({
      date: z.string(),
      revenueCents: z.number(),
      orders: z.number(),
      previousDate: z.string(),
      previousRevenueCents: z.number(),
      previousOrders: z.number(),
    }),
  ),
  byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), label: z.string(), current: z.number(), previous: z.number() })),
  topProducts: z.array(
    z.object({
      productId: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      quantity: z.number(),
      revenueCents: z.number(),
      previousQuantity: z.number(),
      previousRevenueCents: z.number(),
    }),
  ),
  topStores: z.array(
    z.object({
      customerId: z.string(),
      cNumber: z.string(),
      name: z.string(),
      orders: z.number(),
      revenueCents: z.number(),
      previousRevenueCents: z.number(),
    }),
  ),
  topReps: z.array(
    z.object({
      salesRepId: z.string(),
      name: z.string(),
      orders: z.number(),
      revenueCents: z.number(),
      previousRevenueCents: z.number(),
    }),
  ),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      itemNumber: z.string(),
      description: z.string(),
      stockOnHand: z.number(),
      lowStockThreshold: z.number(),
    }),
  ),
  missedStores: z.array(
    z.object({ customerId: z.string(), cNumber: z.string(), name: z.string(), orderDay: z.number(), missedOn: z.string() }),
  ),
});
export type DistributorDashboard = z.infer<typeof distributorDashboardSchema>;
