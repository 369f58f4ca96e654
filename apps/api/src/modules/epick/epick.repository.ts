// SQL of the e-pick module: the distributor's e-pick settings row, and the orders and lines a pick list
// is made of (orders confirmed or being picked, with their store's route and stop, each line's product
// location and category).
import type { DbOrTrx } from '../../db/database.ts';

export async function findEpickConfig(db: DbOrTrx, distributorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('epick_settings')
    .select('config')
    .where('distributor_id', '=', distributorId)
    .executeTakeFirst();
  return row?.config ?? null;
}

export async function upsertEpickConfig(db: DbOrTrx, distributorId: string, config: string, at: string): Promise<void> {
  await db
    .insertInto('epick_settings')
    .values({ distributor_id: distributorId, config, updated_at: at })
    .onConflict((oc) => oc.column('distributor_id').doUpdateSet({ config, updated_at: at }))
    .execute();
}

/** The statuses a pick list covers: confirmed (to pick) and picking (a reprint). */
export const PICKABLE_STATUSES = ['confirmed', 'picking'] as const;

/** At most this many orders on one pick list (a delivery day of a large distributor stays well under). */
export const PICK_LIST_ORDER_CAP = 2000;

export function findPickOrders(
  db: DbOrTrx,
  distributorId: string,
  which: { deliveryDate?: string; orderIds?: readonly string[] },
) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.order_number',
      'o.status',
      'o.total_cents',
      'c.c_number',
      'c.company_name',
      'c.route_number',
      'c.stop_number',
    ])
    .where('o.distributor_id', '=', distributorId)
    .where('o.status', 'in', [...PICKABLE_STATUSES]);
  if (which.deliveryDate) q = q.where('o.requested_delivery_date', '=', which.deliveryDate);
  if (which.orderIds) q = q.where('o.id', 'in', which.orderIds.length > 0 ? [...which.orderIds] : ['']);
  return q.orderBy('o.order_number').limit(PICK_LIST_ORDER_CAP).execute();
}

export async function findPickLines(db: DbOrTrx, orderIds: readonly string[]) {
  const out = [];
  // In slices, so a long day stays under every driver's parameter limit.
  for (let i = 0; i < orderIds.length; i += 500) {
    const slice = orderIds.slice(i, i + 500);
    out.push(
      ...(await db
        .selectFrom('order_lines as l')
        .leftJoin('products as p', 'p.id', 'l.product_id')
        .leftJoin('categories as cat', 'cat.id', 'p.category_id')
        .select([
          'l.order_id',
          'l.line_no',
          'l.product_id',
          'l.item_number',
          'l.description',
          'l.upc',
          'l.pack',
          'l.uom',
          'l.quantity',
          'l.unit_price_cents',
          'l.line_total_cents',
          'p.location',
          'cat.name as category',
        ])
        .where('l.order_id', 'in', slice)
        .orderBy('l.order_id')
        .orderBy('l.line_no')
        .execute()),
    );
  }
  return out;
}
