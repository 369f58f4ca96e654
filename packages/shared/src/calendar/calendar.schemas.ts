// The distributor's calendar entries (meetings, warehouse closures, store visits): the date range a
// reader asks for and the entries it gets back. Used by GET /sales/calendar and GET /admin/calendar.
import { z } from 'zod';

/** Longest range one call may ask for, in days counting both ends (a quarter and a bit). */
export const CALENDAR_MAX_DAYS = 93;

export const CALENDAR_RANGE_ORDER_MESSAGE = 'from must be on or before to';
export const CALENDAR_RANGE_LENGTH_MESSAGE = `The range can cover at most ${CALENDAR_MAX_DAYS} days`;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Milliseconds of a YYYY-MM-DD date at 00:00 UTC, or null when it is not a real calendar date. */
export function utcDayMs(date: string): number | null {
  if (!DATE_RE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00.000Z`);
  // Date.parse rolls 2026-02-30 over to March: the round trip catches it.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? null : ms;
}

const dateField = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .refine((v) => utcDayMs(v) !== null, `${name} must be a date in the form YYYY-MM-DD`);

/** ?from&to, both days included, read as UTC days: the range is [from 00:00Z, to+1 00:00Z). */
export const calendarRangeQuery = z.object({ from: dateField('from'), to: dateField('to') }).superRefine((q, ctx) => {
  const from = utcDayMs(q.from);
  const to = utcDayMs(q.to);
  if (from === null || to === null) return;
  if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_RANGE_ORDER_MESSAGE });
  else if ((to - from) / DAY_MS + 1 > CALENDAR_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: CALENDAR_RANGE_LENGTH_MESSAGE });
});
export type CalendarRangeQuery = z.infer<typeof calendarRangeQuery>;

export const calendarEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** ISO-8601 UTC. An all-day entry covers the local dates from its start up to, not including, its end's. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  allDay: z.boolean(),
  /** The store the entry is about, when there is one. */
  customer: z.object({ id: z.string(), C_Number: z.string(), C_CoName: z.string() }).nullable(),
  /** The rep it is meant for; null: everyone of the distributor. */
  salesRep: z.object({ id: z.string(), S_Desc: z.string() }).nullable(),
  /** event (timed), or a dated entry of the delivery calendar: delivery, holiday, promotion, note. */
  kind: z.string().optional(),
  /** Dated entries: the route they are for (null: every route), a holiday's shift, their local dates. */
  routeNumber: z.string().nullable().optional(),
  shift: z.enum(['before', 'after']).nullable().optional(),
  date: z.string().nullable().optional(),
  endDate: z.string().nullable().optional(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.array(calendarEntrySchema),
  total: z.number().int(),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
