// Week arithmetic of the sales calendar, in the browser's local time: weeks run Monday..Sunday (as
// order days do), dates are keyed YYYY-MM-DD, and each calendar entry is placed on the local days
// it covers. The API's ranges are UTC days, so a week is fetched with a day of margin each side.
import type { CalendarEntry } from '@portal/shared/calendar/calendar.schemas';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a date. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Calendar-day arithmetic (safe across daylight-saving changes, unlike adding 24 h). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** YYYY-MM-DD of a local date. */
export function dateKey(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Local midnight of a YYYY-MM-DD key, or null when it is not a real date. */
export function parseDateKey(key: string | null | undefined): Date | null {
  const m = key ? DATE_RE.exec(key) : null;
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dateKey(date) === key ? date : null;
}

/** The Monday starting the week of a date. */
export function mondayOf(date: Date): Date {
  const d = startOfDay(date);
  return addDays(d, -((d.getDay() + 6) % 7));
}

export function weekDays(monday: Date): Date[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The ?from&to to ask the API for a week. Its days are UTC days, which can start up to a day before
 * or after the local ones, hence the margin; entries outside the week are then left out by day.
 */
export function weekFetchRange(monday: Date): { from: string; to: string } {
  return { from: dateKey(addDays(monday, -1)), to: dateKey(addDays(monday, 7)) };
}

const MAX_SPAN_DAYS = 100;

/**
 * The local days an entry covers. All-day entries: from their start's date up to, not including,
 * their end's date (at least one day). Timed entries: every day from start to end (an end at
 * midnight does not spill into the next day).
 */
export function entryDateKeys(entry: Pick<CalendarEntry, 'startsAt' | 'endsAt' | 'allDay'>): string[] {
  const start = new Date(entry.startsAt);
  if (Number.isNaN(start.getTime())) return [];
  const end = entry.endsAt ? new Date(entry.endsAt) : null;
  const first = startOfDay(start);
  let last = first;
  if (end && !Number.isNaN(end.getTime()) && end > start) {
    last = entry.allDay ? addDays(startOfDay(end), -1) : startOfDay(new Date(end.getTime() - 1));
    if (last < first) last = first;
  }
  const keys: string[] = [];
  for (let d = first; d <= last && keys.length < MAX_SPAN_DAYS; d = addDays(d, 1)) keys.push(dateKey(d));
  return keys;
}

/** Entries of each of the given days, in the order given (the API sorts by start). */
export function entriesByDay(entries: readonly CalendarEntry[], days: readonly Date[]): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>(days.map((d) => [dateKey(d), []]));
  for (const entry of entries) {
    for (const key of entryDateKeys(entry)) byDay.get(key)?.push(entry);
  }
  return byDay;
}

// Formatters are made per call so that they follow the current time zone (tests switch it).
const time = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** "All day", "9:00 AM – 10:00 AM", "9:00 AM", or for a day in the middle of a long entry "Continues" / "Until 10:00 AM". */
export function entryTimeLabel(entry: Pick<CalendarEntry, 'startsAt' | 'endsAt' | 'allDay'>, day: string): string {
  if (entry.allDay) return 'All day';
  const start = new Date(entry.startsAt);
  const end = entry.endsAt ? new Date(entry.endsAt) : null;
  const startsToday = dateKey(start) === day;
  const endsToday = end ? dateKey(new Date(end.getTime() - 1)) === day : true;
  if (!startsToday) return end && endsToday ? `Until ${time(end)}` : 'Continues';
  if (!end || end <= start) return time(start);
  return endsToday ? `${time(start)} – ${time(end)}` : `From ${time(start)}`;
}

const monthDay = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** "Apr 13 – 19, 2026", "Mar 30 – Apr 5, 2026", "Dec 29, 2025 – Jan 4, 2026". */
export function weekLabel(monday: Date): string {
  const sunday = addDays(monday, 6);
  if (monday.getFullYear() !== sunday.getFullYear())
    return `${monthDay(monday)}, ${monday.getFullYear()} – ${monthDay(sunday)}, ${sunday.getFullYear()}`;
  const end = monday.getMonth() === sunday.getMonth() ? String(sunday.getDate()) : monthDay(sunday);
  return `${monthDay(monday)} – ${end}, ${sunday.getFullYear()}`;
}

/** "Monday, April 13". */
export function longDayLabel(date: Date): string {
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
}

/** "Mon 13". */
export function shortDayLabel(date: Date): string {
  return `${date.toLocaleDateString('en-US', { weekday: 'short' })} ${date.getDate()}`;
}
