// The dashboard's ticket figures (issue 18 §5): tickets open now (not resolved: open or pending, the
// office list's default `active` filter), open at an earlier time `at` (created before it and not yet
// resolved then, by resolved_at), and tickets opened per period.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

export async function ticketCounts(db: DbOrTrx, r: { distributorId: string; start: string; mid: string; end: string }) {
  const [openNow, openThen, opened] = await Promise.all([
    db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('distributor_id', '=', r.distributorId)
      .where('status', '<>', 'resolved')
      .executeTakeFirst(),
    db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('distributor_id', '=', r.distributorId)
      .where('created_at', '<', r.mid)
      .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', r.mid)]))
      .executeTakeFirst(),
    db
      .selectFrom('support_tickets')
      .select([
        sql<number | string>`coalesce(sum(case when created_at >= ${r.mid} then 1 else 0 end), 0)`.as('cur'),
        sql<number | string>`coalesce(sum(case when created_at < ${r.mid} then 1 else 0 end), 0)`.as('prev'),
      ])
      .where('distributor_id', '=', r.distributorId)
      .where('created_at', '>=', r.start)
      .where('created_at', '<', r.end)
      .executeTakeFirst(),
  ]);
  return {
    openNow: Number(openNow?.n ?? 0),
    openAtMid: Number(openThen?.n ?? 0),
    opened: { current: Number(opened?.cur ?? 0), previous: Number(opened?.prev ?? 0) },
  };
}
