// Order days, delivery days and cut-offs (issue 18 §2), as plain functions of a clock, a time zone,
// the store's order day (spec §4 C_OrderDay 1..7), its route's cut-off and the calendar's holidays.
//
// A cycle: the store orders on its order date, before the route's cut-off time (the distributor's time
// zone), and is delivered `deliveryOffsetDays` later. A holiday (no delivery and no ordering on that
// date, for one route or for all) moves an order date or a delivery date that falls on it one day
// before or after, as the holiday says, again while the new date is a holiday too. A delivery moved
// before its order date takes the order date along (then moved before any holiday). The next cycle is
// the first whose cut-off is still ahead; the days to the order day, its colour and the texts follow.
import { ORDER_DAY_NAMES, orderDayColour, TODAY_IS_ORDER_DAY, type OrderDayColour } from '../orders/order-day.ts';

export const HOLIDAY_SHIFTS = ['before', 'after'] as const;
export type HolidayShift = (typeof HOLIDAY_SHIFTS)[number];

export interface Holiday {
  /** First and last local date of the holiday (YYYY-MM-DD, both included). */
  date: string;
  endDate?: string | null;
  /** null: every route. */
  routeNumber: string | null;
  shift: HolidayShift;
  title?: string;
}

export interface RouteCutoff {
  /** Local wall time HH:MM in the distributor's time zone. */
  cutoffTime: string;
  /** Days from the order date to the delivery date (0 = same day). */
  deliveryOffsetDays: number;
}

export const DEFAULT_CUTOFF: RouteCutoff = { cutoffTime: '14:00', deliveryOffsetDays: 1 };

export interface Cycle {
  orderDate: string;
  deliveryDate: string;
  /** ISO instant of the cut-off on the order date. */
  cutoffAt: string;
  /** The dates before any holiday moved them. */
  regularOrderDate: string;
  regularDeliveryDate: string;
  /** Titles of the holidays that moved this cycle. */
  movedBy: string[];
}

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** ISO weekday (Monday 1 … Sunday 7) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function weekdayName(date: string): string {
  return ORDER_DAY_NAMES[weekdayOf(date)]!;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** The local date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a local wall time (HH:MM) on a local date happens in the zone (DST gaps move forward). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let t = wall - offsetMs(new Date(wall), timeZone);
  t = wall - offsetMs(new Date(t), timeZone);
  return new Date(t);
}

/** "14:00" → "2:00 PM". */
export function cutoffLabel(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The holidays that apply to a route, by local date. */
export function holidayMap(holidays: readonly Holiday[], routeNumber: string | null): Map<string, Holiday> {
  const map = new Map<string, Holiday>();
  for (const h of holidays) {
    if (h.routeNumber !== null && h.routeNumber !== routeNumber) continue;
    const last = h.endDate && h.endDate > h.date ? h.endDate : h.date;
    // A holiday longer than two months is a mistake, not a closure: stop there.
    for (let d = h.date, n = 0; d <= last && n < 62; d = addDays(d, 1), n++) if (!map.has(d)) map.set(d, h);
  }
  return map;
}

function moveOff(date: string, map: Map<string, Holiday>, movedBy: string[], force?: HolidayShift): string {
  let d = date;
  for (let n = 0; n < 62; n++) {
    const h = map.get(d);
    if (!h) return d;
    if (h.title && !movedBy.includes(h.title)) movedBy.push(h.title);
    d = addDays(d, (force ?? h.shift) === 'before' ? -1 : 1);
  }
  return d;
}

/** One cycle: the regular order date, moved off holidays, its delivery, its cut-off instant. */
export function cycleFor(regularOrderDate: string, cutoff: RouteCutoff, holidays: Map<string, Holiday>, timeZone: string): Cycle {
  const movedBy: string[] = [];
  const regularDeliveryDate = addDays(regularOrderDate, cutoff.deliveryOffsetDays);
  const deliveryDate = moveOff(regularDeliveryDate, holidays, movedBy);
  let orderDate = moveOff(regularOrderDate, holidays, movedBy);
  if (orderDate > deliveryDate) orderDate = moveOff(deliveryDate, holidays, movedBy, 'before');
  return {
    orderDate,
    deliveryDate,
    cutoffAt: zonedInstant(orderDate, cutoff.cutoffTime, timeZone).toISOString(),
    regularOrderDate,
    regularDeliveryDate,
    movedBy,
  };
}

export interface ScheduleInput {
  now: Date;
  timeZone: string;
  /** C_OrderDay: 1..7 have a schedule; 0 (NA), 8 (OT) and anything else have none. */
  orderDay: number | null | undefined;
  routeNumber: string | null;
  cutoff: RouteCutoff;
  holidays: readonly Holiday[];
}

export interface Schedule {
  /** The next cycle whose cut-off is still ahead. */
  next: Cycle;
  /** The cycle whose cut-off passed most recently, when it passed today (an order now is late for it). */
  missedToday: Cycle | null;
  today: string;
  daysToOrderDay: number;
  colour: OrderDayColour;
  /** "Today is your order day" or "3 days to your order day". */
  text: string;
  /** On the order day: "Order by 2:00 PM for Thursday's delivery"; otherwise null. */
  countdown: string | null;
}

/** The store's next order and delivery day, or null when it has no weekly order day. */
export function nextSchedule(input: ScheduleInput): Schedule | null {
  const { orderDay } = input;
  if (orderDay == null || !Number.isInteger(orderDay) || orderDay < 1 || orderDay > 7) return null;
  const today = localDate(input.now, input.timeZone);
  const map = holidayMap(input.holidays, input.routeNumber);
  // Start two weeks back: a holiday may move a past regular date forward onto today or later.
  const back = (weekdayOf(today) - orderDay + 7) % 7;
  let regular = addDays(today, -back - 14);
  let missedToday: Cycle | null = null;
  const nowMs = input.now.getTime();
  for (let i = 0; i < 12; i++, regular = addDays(regular, 7)) {
    const cycle = cycleFor(regular, input.cutoff, map, input.timeZone);
    if (Date.parse(cycle.cutoffAt) > nowMs) {
      const days = Math.max(0, daysBetween(today, cycle.orderDate));
      const text = days === 0 ? TODAY_IS_ORDER_DAY : `${days} ${days === 1 ? 'day' : 'days'} to your order day`;
      return {
        next: cycle,
        missedToday,
        today,
        daysToOrderDay: days,
        colour: orderDayColour(days),
        text,
        countdown:
          days === 0
            ? `Order by ${cutoffLabel(input.cutoff.cutoffTime)} for ${weekdayName(cycle.deliveryDate)}'s delivery`
            : null,
      };
    }
    missedToday = cycle.orderDate === today ? cycle : missedToday;
  }
  return null;
}
