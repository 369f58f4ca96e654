// SQL of the admin actions on stores beyond their terms: sales reps and moving stores between them.
import type { DbOrTrx } from '../../db/database.ts';

export function findSalesRepOf(db: DbOrTrx, distributorId: string, id: string) {
  return db
    .selectFrom('sales_reps')
    .select(['id', 'name', 'is_active'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The rep's stores (all of them, or those of `ids` that are the rep's), by id. */
export async function storesOfRep(
  db: DbOrTrx,
  distributorId: string,
  salesRepId: string,
  ids?: readonly string[],
): Promise<{ id: string; c_number: string }[]> {
  let q = db
    .selectFrom('customers')
    .select(['id', 'c_number'])
    .where('distributor_id', '=', distributorId)
    .where('sales_rep_id', '=', salesRepId);
  if (ids) q = q.where('id', 'in', ids);
  return q.orderBy('id').execute();
}

/** Gives these stores to another rep, in chunks (SQLite's bound-parameter limit). */
export async function moveStores(db: DbOrTrx, distributorId: string, ids: readonly string[], toRepId: string): Promise<number> {
  let moved = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const res = await db
      .updateTable('customers')
      .set({ sales_rep_id: toRepId })
      .where('distributor_id', '=', distributorId)
      .where('id', 'in', ids.slice(i, i + 500))
      .executeTakeFirst();
    moved += Number(res.numUpdatedRows);
  }
  return moved;
}
