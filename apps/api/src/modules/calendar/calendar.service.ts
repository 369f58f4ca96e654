// The distributor's calendar for its readers: a sales rep sees the distributor-wide entries, its own
// and its stores' (never another rep's); a distributor user sees them all. Ranges are whole UTC days.
import type { CalendarEntry, CalendarRangeQuery, CalendarResponse } from '@portal/shared/calendar/calendar.schemas';
import { utcDayMs } from '@portal/shared/calendar/calendar.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { listCalendarEntries, type CalendarEntryRow } from './calendar.repository.ts';

const DAY_MS = 86_400_000;

function toEntry(row: CalendarEntryRow): CalendarEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    allDay: row.all_day === 1,
    customer: row.customer_id ? { id: row.customer_id, C_Number: row.c_number ?? '', C_CoName: row.company_name ?? '' } : null,
    salesRep: row.sales_rep_id ? { id: row.sales_rep_id, S_Desc: row.rep_name ?? '' } : null,
    kind: row.kind ?? 'event',
    routeNumber: row.route_number ?? null,
    shift: row.shift === 'before' || row.shift === 'after' ? row.shift : null,
    date: row.entry_date ?? null,
    endDate: row.end_date ?? null,
  };
}

/** [from 00:00Z, to+1 00:00Z) as ISO instants; the query schema has already checked the dates. */
function rangeBounds(range: CalendarRangeQuery): { startIso: string; endIso: string } {
  const from = utcDayMs(range.from);
  const to = utcDayMs(range.to);
  if (from === null || to === null) throw badRequest('from and to must be dates in the form YYYY-MM-DD');
  return { startIso: new Date(from).toISOString(), endIso: new Date(to + DAY_MS).toISOString() };
}

async function answer(db: Db, range: CalendarRangeQuery, distributorId: string, salesRepId?: string): Promise<CalendarResponse> {
  const rows = await listCalendarEntries(db, { distributorId, ...rangeBounds(range), salesRepId });
  return { from: range.from, to: range.to, entries: rows.map(toEntry), total: rows.length };
}

export function salesCalendar(db: Db, actor: Actor, range: CalendarRangeQuery): Promise<CalendarResponse> {
  if (!actor.salesRepId) throw forbidden('This account is not linked to a sales representative');
  return answer(db, range, actor.distributorId, actor.salesRepId);
}

export function distributorCalendar(db: Db, actor: Actor, range: CalendarRangeQuery): Promise<CalendarResponse> {
  return answer(db, range, actor.distributorId);
}

// The delivery calendar's rules other modules use (orders: a new order's delivery day; sales: the schedule).
export { deliveryForNewOrder, storeSchedule } from './delivery-calendar.service.ts';
