// The dashboard's sign-up request figures (issue 18 §5): requests pending now (the office list's
// `status=pending`, retailer_requests_queue_idx) and pending at an earlier time `at`. A request is
// pending from its verification (a staff-added one from its creation) until it is reviewed.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

export async function pendingRequestCounts(db: DbOrTrx, distributorId: string, at: string) {
  const [now, then] = await Promise.all([
    db
      .selectFrom('retailer_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('distributor_id', '=', distributorId)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('retailer_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('distributor_id', '=', distributorId)
      .where('status', '<>', 'unverified')
      .where('created_at', '<', at)
      .where(sql<boolean>`coalesce(verified_at, created_at) < ${at}`)
      .where((eb) => eb.or([eb('reviewed_at', 'is', null), eb('reviewed_at', '>=', at)]))
      .executeTakeFirst(),
  ]);
  return { now: Number(now?.n ?? 0), then: Number(then?.n ?? 0) };
}
