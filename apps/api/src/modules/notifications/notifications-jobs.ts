// The periodic notification job (started by main.ts, every minute): sends the scheduled notifications that
// are due, and reminds stores to order. Each function takes the clock as an argument so tests run it at a
// fixed time. Several API instances may run it at once: a scheduled notification is claimed by a
// conditional update (notifications.service sendDueNotifications) and a reminder by its unique dedupe key
// (one per store, order date and stage), so nothing is sent twice.
//
// Reminders (docs/notifications.md): in the distributor's time zone, from 09:00 until the 16:00 cut-off, a
// store whose order day is tomorrow gets "Tomorrow is your order day" and one whose order day is today
// gets "Today is your order day", unless it has placed an order (not cancelled) for that order day: since
// the cut-off a week before it.
import { ORDER_DAY_NAMES, TODAY_IS_ORDER_DAY } from '@portal/shared/orders/order-day';
import type { Db } from '../../db/database.ts';
import { now as clockNow } from '../../platform/clock.ts';
import { listDistributorIds } from '../customers/customers.service.ts';
import { customersWithOrdersSince } from '../orders/orders.service.ts';
import { distributorTimeZone } from '../settings/settings.service.ts';
import { audienceMembers } from '../stories/stories.service.ts';
import { notifyStore, sendDueNotifications, takenDedupeKeys } from './notifications.service.ts';

/** Reminders go out from this local time (minutes after midnight)... */
export const REMINDER_FROM_MINUTES = 9 * 60;
/** ...until the order cut-off (the demo terms' 4:00 PM): an order after it counts for the next order day. */
export const ORDER_CUTOFF_MINUTES = 16 * 60;
export const ORDER_CUTOFF_LABEL = '4:00 PM';
export const JOB_INTERVAL_MS = 60_000;

const DAY_MS = 86_400_000;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export type ReminderStage = 'dayBefore' | 'orderDay';

/** The wall clock in a time zone: its date (YYYY-MM-DD), ISO weekday (Monday 1) and minutes after midnight. */
export function localClock(at: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS[parts.weekday!] ?? 1,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The reminder a store with this order day (1-7) is due at this local time, or null. */
export function reminderDue(local: { weekday: number; minutes: number }, orderDay: number): ReminderStage | null {
  if (local.minutes < REMINDER_FROM_MINUTES || local.minutes >= ORDER_CUTOFF_MINUTES) return null;
  if (orderDay === local.weekday) return 'orderDay';
  if (orderDay === (local.weekday % 7) + 1) return 'dayBefore';
  return null;
}

export function reminderText(stage: ReminderStage, orderDay: number): { title: string; body: string } {
  const day = ORDER_DAY_NAMES[orderDay] ?? '';
  return stage === 'orderDay'
    ? {
        title: TODAY_IS_ORDER_DAY,
        body: `You have not ordered yet for today. Place your order before ${ORDER_CUTOFF_LABEL} so it goes out on your next delivery.`,
      }
    : {
        title: 'Tomorrow is your order day',
        body: `Tomorrow (${day}) is your order day. Place your order before the ${ORDER_CUTOFF_LABEL} cut-off tomorrow.`,
      };
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Sends the reminders due at `at`; answers how many stores were reminded by this call. */
export async function sendOrderReminders(db: Db, at: Date = clockNow()): Promise<number> {
  let sent = 0;
  const atMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  for (const distributorId of await listDistributorIds(db)) {
    const local = localClock(at, await distributorTimeZone(db, distributorId));
    for (const stage of ['orderDay', 'dayBefore'] as const) {
      const orderDay = stage === 'orderDay' ? local.weekday : (local.weekday % 7) + 1;
      if (reminderDue(local, orderDay) !== stage) continue;
      const orderDate = stage === 'orderDay' ? local.date : nextDate(local.date);
      // The order day's cut-off, and the one a week before: an order placed between them is for this day.
      const cutoff = atMinute + (ORDER_CUTOFF_MINUTES - local.minutes) * 60_000 + (stage === 'dayBefore' ? DAY_MS : 0);
      const since = new Date(cutoff - 7 * DAY_MS).toISOString();
      const members = await audienceMembers(db, distributorId, 'orderDays', [String(orderDay)]);
      const stores = [...new Set(members.map((m) => m.customer_id))];
      const keyOf = (customerId: string) => `orderReminder:${customerId}:${orderDate}:${stage}`;
      const [ordered, taken] = await Promise.all([
        customersWithOrdersSince(db, stores, since),
        takenDedupeKeys(db, stores.map(keyOf)),
      ]);
      const text = reminderText(stage, orderDay);
      for (const customerId of stores) {
        if (ordered.has(customerId) || taken.has(keyOf(customerId))) continue;
        const id = await notifyStore(db, {
          distributorId,
          customerId,
          kind: 'orderReminder',
          ...text,
          url: '/retailer/order',
          dedupeKey: keyOf(customerId),
          at: at.toISOString(),
        });
        if (id) sent += 1;
      }
    }
  }
  return sent;
}

/** One run of the job at `at`: due scheduled notifications, then reminders. */
export async function runNotificationJob(db: Db, at: Date = clockNow()): Promise<{ scheduled: number; reminders: number }> {
  const scheduled = await sendDueNotifications(db, at);
  const reminders = await sendOrderReminders(db, at);
  return { scheduled, reminders };
}

/** Starts the job every minute (a run still going is not overlapped); answers the stop. */
export function startNotificationJobs(db: Db, log: { error(obj: object, msg: string): void }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runNotificationJob(db)
      .catch((err: unknown) => log.error({ err }, 'notification job failed'))
      .finally(() => {
        running = false;
      });
  }, JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
