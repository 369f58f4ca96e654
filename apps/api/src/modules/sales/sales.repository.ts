// All SQL of the sales area's own data: the rep's working customer (on the rep's session rows),
// the rep record and user row for the profile (change-password is the profile module's; banners
// the promotions module's).
// Customer and warehouse look-ups come from the customers module.
import type { DbOrTrx } from '../../db/database.ts';

/** Sets the working customer on every live session of the user: all of the rep's devices share it. */
export async function setWorkingCustomerForUser(db: DbOrTrx, userId: string, customerId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ current_customer_id: customerId })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setWorkingCustomerForSession(db: DbOrTrx, sessionId: string, customerId: string): Promise<void> {
  await db.updateTable('sessions').set({ current_customer_id: customerId }).where('id', '=', sessionId).execute();
}

/** The working customer kept on another live session of the user (a device signed in later has none yet). */
export async function findWorkingCustomerOfUser(db: DbOrTrx, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('current_customer_id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('current_customer_id', 'is not', null)
    .orderBy('last_seen_at', 'desc')
    .executeTakeFirst();
  return row?.current_customer_id ?? null;
}

export function findSalesRep(db: DbOrTrx, id: string) {
  return db.selectFrom('sales_reps').select(['id', 'code', 'name', 'email', 'phone']).where('id', '=', id).executeTakeFirst();
}

export function findUserForProfile(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * The products most sold to the rep's customers since `since` (quantity, then number of orders),
 * cancelled orders and inactive products left out. One page, and the number of such products.
 */
export async function topProductIdsForRep(
  db: DbOrTrx,
  q: { distributorId: string; salesRepId: string; since: string; offset: number; limit: number },
) {
  const base = db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .where('o.distributor_id', '=', q.distributorId)
    .where('c.sales_rep_id', '=', q.salesRepId)
    .where('o.status', '!=', 'cancelled')
    .where('o.created_at', '>=', q.since)
    .where('p.is_active', '=', 1);
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'l.product_id',
        eb.fn.sum<number>('l.quantity').as('quantity'),
        eb.fn.count<number>('l.order_id').distinct().as('order_count'),
      ])
      .groupBy('l.product_id')
      .orderBy('quantity', 'desc')
      .orderBy('order_count', 'desc')
      .orderBy('l.product_id')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.count<number>('l.product_id').distinct().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({ productId: r.product_id, quantity: Number(r.quantity), orderCount: Number(r.order_count) })),
    total: Number(count?.n ?? 0),
  };
}

/** Clears the working customer, for these customers, on the sessions of the rep's users. */
export async function clearWorkingCustomers(db: DbOrTrx, salesRepId: string, customerIds: readonly string[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const res = await db
    .updateTable('sessions')
    .set({ current_customer_id: null })
    .where('current_customer_id', 'in', customerIds)
    .where('user_id', 'in', (q) => q.selectFrom('users').select('id').where('sales_rep_id', '=', salesRepId))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
