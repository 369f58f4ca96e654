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
