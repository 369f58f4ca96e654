// All SQL of the calendar: the entries of one distributor overlapping a time range, optionally
// narrowed to what one sales rep may see, with the linked store and rep.
import type { DbOrTrx } from '../../db/database.ts';

export interface CalendarEntryRow {
  id: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string | null;
  all_day: number;
  customer_id: string | null;
  c_number: string | null;
  company_name: string | null;
  sales_rep_id: string | null;
  rep_name: string | null;
  // Columns of 0030 (optional in the table type: inserts may leave them out).
  kind?: string;
  route_number?: string | null;
  shift?: string | null;
  entry_date?: string | null;
  end_date?: string | null;
}

export interface CalendarRangeFilter {
  distributorId: string;
  /** ISO instants; the range is [startIso, endIso). */
  startIso: string;
  endIso: string;
  /** Only what this rep may see: distributor-wide entries, its own, and its own stores' entries not meant for another rep. */
  salesRepId?: string;
}

export function listCalendarEntries(db: DbOrTrx, f: CalendarRangeFilter): Promise<CalendarEntryRow[]> {
  let q = db
    .selectFrom('calendar_entries as e')
    .leftJoin('customers as c', 'c.id', 'e.customer_id')
    .leftJoin('sales_reps as r', 'r.id', 'e.sales_rep_id')
    .select([
      'e.id',
      'e.title',
      'e.description',
      'e.starts_at',
      'e.ends_at',
      'e.all_day',
      'e.customer_id',
      'c.c_number',
      'c.company_name',
      'e.sales_rep_id',
      'r.name as rep_name',
      'e.kind',
      'e.route_number',
      'e.shift',
      'e.entry_date',
      'e.end_date',
    ])
    .where('e.distributor_id', '=', f.distributorId)
    .where('e.starts_at', '<', f.endIso)
    // Starts inside the range, or started before it and is still running at its start.
    .where((eb) => eb.or([eb('e.starts_at', '>=', f.startIso), eb('e.ends_at', '>', f.startIso)]));
  const repId = f.salesRepId;
  if (repId !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('e.sales_rep_id', 'is', null), eb('e.customer_id', 'is', null)]),
        eb('e.sales_rep_id', '=', repId),
        eb.and([
          eb('e.sales_rep_id', 'is', null),
          eb('c.sales_rep_id', '=', repId),
          eb('c.distributor_id', '=', f.distributorId),
        ]),
      ]),
    );
  }
  // All-day entries first among those starting at the same instant; id keeps the order stable.
  return q.orderBy('e.starts_at').orderBy('e.all_day', 'desc').orderBy('e.id').execute();
}

// ---- the delivery calendar (issue 18 §2) ----

export interface HolidayRow {
  id: string;
  title: string;
  entry_date?: string | null;
  end_date?: string | null;
  route_number?: string | null;
  shift?: string | null;
}

/** Holidays of the distributor that may touch [fromDate, toDate] (local dates, both included). */
export function listHolidays(db: DbOrTrx, distributorId: string, fromDate: string, toDate: string): Promise<HolidayRow[]> {
  return db
    .selectFrom('calendar_entries')
    .select(['id', 'title', 'entry_date', 'end_date', 'route_number', 'shift'])
    .where('distributor_id', '=', distributorId)
    .where('kind', '=', 'holiday')
    .where('entry_date', '<=', toDate)
    .where((eb) => eb.or([eb('entry_date', '>=', fromDate), eb('end_date', '>=', fromDate)]))
    .orderBy('entry_date')
    .orderBy('id')
    .execute();
}

export interface DatedEntryInsert {
  id: string;
  distributor_id: string;
  kind: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  entry_date: string;
  end_date: string | null;
  route_number: string | null;
  shift: string | null;
  created_at: string;
}

export async function insertDatedEntry(db: DbOrTrx, row: DatedEntryInsert): Promise<void> {
  await db
    .insertInto('calendar_entries')
    .values({ ...row, all_day: 1, customer_id: null, sales_rep_id: null })
    .execute();
}

export function findEntry(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('calendar_entries')
    .select(['id', 'kind', 'title', 'description', 'entry_date', 'end_date', 'route_number', 'shift'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateDatedEntry(
  db: DbOrTrx,
  distributorId: string,
  id: string,
  row: Omit<DatedEntryInsert, 'id' | 'distributor_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('calendar_entries').set(row).where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

export async function deleteEntry(db: DbOrTrx, distributorId: string, id: string): Promise<void> {
  await db.deleteFrom('calendar_entries').where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

export interface ScheduleStoreRow {
  id: string;
  c_number: string;
  company_name: string;
  route_number: string | null;
  order_day: number;
}

/** Active stores with a weekly order day, optionally on one route. */
export function listScheduledStores(db: DbOrTrx, distributorId: string, routeNumber: string | null): Promise<ScheduleStoreRow[]> {
  let q = db
    .selectFrom('customers')
    .select(['id', 'c_number', 'company_name', 'route_number', 'order_day'])
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .where('order_day', '>=', 1)
    .where('order_day', '<=', 7);
  if (routeNumber !== null) q = q.where('route_number', '=', routeNumber);
  return q.orderBy('c_number').execute();
}

export function findScheduleStore(db: DbOrTrx, distributorId: string, customerId: string): Promise<ScheduleStoreRow | undefined> {
  return db
    .selectFrom('customers')
    .select(['id', 'c_number', 'company_name', 'route_number', 'order_day'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', customerId)
    .executeTakeFirst();
}

export interface RouteCutoffRow {
  route_number: string;
  order_day: number;
  cutoff_time: string;
  delivery_offset_days: number;
}

export function listRouteCutoffs(db: DbOrTrx, distributorId: string): Promise<RouteCutoffRow[]> {
  return db
    .selectFrom('route_cutoffs')
    .select(['route_number', 'order_day', 'cutoff_time', 'delivery_offset_days'])
    .where('distributor_id', '=', distributorId)
    .orderBy('route_number')
    .orderBy('order_day')
    .execute();
}

/** The saved cut-off of one route and order day, if any (the default applies without one). */
export function findRouteCutoff(
  db: DbOrTrx,
  distributorId: string,
  routeNumber: string,
  orderDay: number,
): Promise<RouteCutoffRow | undefined> {
  return db
    .selectFrom('route_cutoffs')
    .select(['route_number', 'order_day', 'cutoff_time', 'delivery_offset_days'])
    .where('distributor_id', '=', distributorId)
    .where('route_number', '=', routeNumber)
    .where('order_day', '=', orderDay)
    .executeTakeFirst();
}

export async function upsertRouteCutoff(db: DbOrTrx, distributorId: string, row: RouteCutoffRow, at: string): Promise<void> {
  await db
    .insertInto('route_cutoffs')
    .values({ distributor_id: distributorId, ...row, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['distributor_id', 'route_number', 'order_day']).doUpdateSet({
        cutoff_time: row.cutoff_time,
        delivery_offset_days: row.delivery_offset_days,
        updated_at: at,
      }),
    )
    .execute();
}

/** Routes and order days the distributor's active stores have, with how many stores each. */
export async function listRouteDays(db: DbOrTrx, distributorId: string) {
  const rows = await db
    .selectFrom('customers')
    .select(['route_number', 'order_day', (eb) => eb.fn.countAll().as('stores')])
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .where('route_number', 'is not', null)
    .where('order_day', '>=', 1)
    .where('order_day', '<=', 7)
    .groupBy(['route_number', 'order_day'])
    .execute();
  return rows.map((r) => ({ route_number: r.route_number!, order_day: Number(r.order_day), stores: Number(r.stores) }));
}
