// The dashboard's figures about one distributor's stores (issue 18 §5): the store directory the sums
// are named from and new stores per period.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

/** Every store of the distributor with what the dashboard names it by and its current rep. */
export async function storeDirectory(db: DbOrTrx, distributorId: string) {
  const rows = await db
    .selectFrom('customers')
    .leftJoin('sales_reps', 'sales_reps.id', 'customers.sales_rep_id')
    .select([
      'customers.id',
      'customers.c_number',
      'customers.company_name',
      'customers.order_day',
      'customers.sales_rep_id',
      'sales_reps.name as sales_rep_name',
    ])
    .where('customers.distributor_id', '=', distributorId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    cNumber: r.c_number,
    name: r.company_name,
    orderDay: Number(r.order_day),
    salesRepId: r.sales_rep_id,
    salesRepName: r.sales_rep_name,
  }));
}

/** Stores created in [start, mid) (previous) and [mid, end) (current). */
export async function newStoreCounts(db: DbOrTrx, r: { distributorId: string; start: string; mid: string; end: string }) {
  const row = await db
    .selectFrom('customers')
    .select([
      sql<number | string>`coalesce(sum(case when created_at >= ${r.mid} then 1 else 0 end), 0)`.as('cur'),
      sql<number | string>`coalesce(sum(case when created_at < ${r.mid} then 1 else 0 end), 0)`.as('prev'),
    ])
    .where('distributor_id', '=', r.distributorId)
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .executeTakeFirst();
  return { current: Number(row?.cur ?? 0), previous: Number(row?.prev ?? 0) };
}
