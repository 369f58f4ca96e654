// The office's delivery calendar (issue 18 §2): dated entries (delivery days, holidays with their
// shift, promotions, notes) for one route or all, the routes' cut-offs per order day, the late-orders
// setting, and the store's order schedule (the retailer's order-day indicator and the cart's delivery date).
import { z } from 'zod';
import { HOLIDAY_SHIFTS } from './delivery-schedule.ts';
import { utcDayMs } from './calendar.schemas.ts';

export const DATED_ENTRY_KINDS = ['delivery', 'holiday', 'promotion', 'note'] as const;
export type DatedEntryKind = (typeof DATED_ENTRY_KINDS)[number];
/** Every kind an entry can have: `event` is a timed entry (meetings, visits) that the office does not edit here. */
export const CALENDAR_ENTRY_KINDS = ['event', ...DATED_ENTRY_KINDS] as const;
export type CalendarEntryKind = (typeof CALENDAR_ENTRY_KINDS)[number];

export const ENTRY_KIND_LABELS: Record<CalendarEntryKind, string> = {
  event: 'Event',
  delivery: 'Delivery day',
  holiday: 'Holiday (no delivery)',
  promotion: 'Promotion',
  note: 'Note',
};

export const LATE_ORDER_POLICIES = ['next', 'queue'] as const;
export type LateOrderPolicy = (typeof LATE_ORDER_POLICIES)[number];
export const LATE_POLICY_LABELS: Record<LateOrderPolicy, string> = {
  next: 'Move it to the next delivery day',
  queue: 'Hold it in the late-orders queue for approval',
};

export const ENTRY_MAX_DAYS = 31;

export const DELIVERY_CALENDAR_MESSAGES = {
  kind: `Choose a kind: ${DATED_ENTRY_KINDS.join(', ')}`,
  title: 'Enter a title',
  titleLength: 'The title can be at most 120 characters',
  description: 'The description can be at most 1000 characters',
  date: 'Enter a date in the form YYYY-MM-DD',
  endDate: 'The end date must be a date in the form YYYY-MM-DD',
  endBefore: 'The end date must be on or after the date',
  tooLong: `An entry can cover at most ${ENTRY_MAX_DAYS} days`,
  route: 'The route can be at most 20 characters',
  shift: 'Choose whether deliveries move to the day before or the day after',
  cutoffTime: 'Enter the cut-off time as HH:MM (24-hour)',
  orderDay: 'The order day must be a whole number from 1 (Monday) to 7 (Sunday)',
  offset: 'Delivery can follow the order day by 0 to 6 days',
  latePolicy: `Choose one of: ${LATE_ORDER_POLICIES.join(', ')}`,
  notFound: 'Calendar entry not found',
  notEditable: 'Only delivery days, holidays, promotions and notes can be changed here',
} as const;

const M = DELIVERY_CALENDAR_MESSAGES;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) => DATE_RE.test(v) && utcDayMs(v) !== null;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: message }).trim().max(max, message).nullable().optional(),
  );

export const datedEntryBody = z
  .object(
    {
      kind: z.enum(DATED_ENTRY_KINDS, { error: M.kind }),
      title: z.string({ error: M.title }).trim().min(1, M.title).max(120, M.titleLength),
      description: optionalText(1000, M.description),
      date: z.string({ error: M.date }).trim().refine(isDate, M.date),
      endDate: z.preprocess(
        (v) => (v === '' ? null : v),
        z.string({ error: M.endDate }).trim().refine(isDate, M.endDate).nullable().optional(),
      ),
      routeNumber: optionalText(20, M.route),
      shift: z.enum(HOLIDAY_SHIFTS, { error: M.shift }).nullable().optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .superRefine((v, ctx) => {
    if (v.kind === 'holiday' && !v.shift) ctx.addIssue({ code: 'custom', path: ['shift'], message: M.shift });
    if (v.endDate && isDate(v.date) && isDate(v.endDate)) {
      if (v.endDate < v.date) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBefore });
      else if ((utcDayMs(v.endDate)! - utcDayMs(v.date)!) / 86_400_000 + 1 > ENTRY_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.tooLong });
    }
  });
export type DatedEntryBody = z.input<typeof datedEntryBody>;
export type DatedEntryValues = z.output<typeof datedEntryBody>;

export const entryIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** What an add or edit answers: the entry and the stores whose next order or delivery day it moved. */
export const datedEntryResultSchema = z.object({
  id: z.string(),
  affectedStores: z.number().int(),
  stores: z.array(
    z.object({
      id: z.string(),
      C_Number: z.string(),
      C_CoName: z.string(),
      routeNumber: z.string().nullable(),
      orderDate: z.string(),
      deliveryDate: z.string(),
    }),
  ),
});
export type DatedEntryResult = z.infer<typeof datedEntryResultSchema>;

export const CUTOFF_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const routeCutoffBody = z.object(
  {
    routeNumber: z.string({ error: M.route }).trim().min(1, M.route).max(20, M.route),
    orderDay: z.coerce.number({ error: M.orderDay }).int(M.orderDay).min(1, M.orderDay).max(7, M.orderDay),
    cutoffTime: z.string({ error: M.cutoffTime }).trim().regex(CUTOFF_TIME_RE, M.cutoffTime),
    deliveryOffsetDays: z.coerce.number({ error: M.offset }).int(M.offset).min(0, M.offset).max(6, M.offset),
  },
  { error: 'Request body must be a JSON object' },
);
export type RouteCutoffBody = z.input<typeof routeCutoffBody>;

export const latePolicyBody = z.object(
  { latePolicy: z.enum(LATE_ORDER_POLICIES, { error: M.latePolicy }) },
  { error: 'Request body must be a JSON object' },
);

export const routeCutoffRowSchema = z.object({
  routeNumber: z.string(),
  orderDay: z.number().int(),
  orderDayLabel: z.string(),
  cutoffTime: z.string(),
  deliveryOffsetDays: z.number().int(),
  /** false: no row saved, the default applies. */
  configured: z.boolean(),
  stores: z.number().int(),
  nextOrderDate: z.string().nullable(),
  nextDeliveryDate: z.string().nullable(),
});
export type RouteCutoffRow = z.infer<typeof routeCutoffRowSchema>;

export const routeCutoffsResponse = z.object({
  timeZone: z.string(),
  latePolicy: z.enum(LATE_ORDER_POLICIES),
  defaultCutoffTime: z.string(),
  defaultDeliveryOffsetDays: z.number().int(),
  routes: z.array(routeCutoffRowSchema),
});
export type RouteCutoffsResponse = z.infer<typeof routeCutoffsResponse>;

/** GET /retailer/order-schedule and /sales/order-schedule: the store's next order and delivery day. */
export const orderScheduleSchema = z.object({
  orderDay: z.number().int(),
  /** NA, OT or the weekday of the next order date (moved by a holiday when there is one). */
  label: z.string(),
  regularLabel: z.string().nullable(),
  orderDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  cutoffAt: z.string().nullable(),
  cutoffTime: z.string().nullable(),
  timeZone: z.string(),
  daysToOrderDay: z.number().int().nullable(),
  colour: z.enum(['green', 'yellow', 'orange', 'red']).nullable(),
  text: z.string().nullable(),
  countdown: z.string().nullable(),
  /** Titles of the holidays that moved the next order or delivery day. */
  movedBy: z.array(z.string()),
  /** After today's cut-off with the late-orders queue on: an order now is held for approval. */
  lateNow: z.boolean(),
});
export type OrderSchedule = z.infer<typeof orderScheduleSchema>;
