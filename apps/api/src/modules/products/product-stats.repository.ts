// The dashboard's product figures (issue 18 §5): active products low on stock, and names for the top list.
// Low stock is the list's `stock=low` (stockStatusOf): 1 up to the product's own threshold on hand.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

// Written exactly as products_low_stock_idx's condition (0026), so the planners use that partial index.
const lowStock = (distributorId: string) => (db: DbOrTrx) =>
  db
    .selectFrom('products')
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .where('stock_on_hand', '>', 0)
    .where(sql<boolean>`stock_on_hand <= low_stock_threshold`);

/** How many active products are low on stock, and the `limit` lowest (fewest on hand first). */
export async function lowStockProducts(db: DbOrTrx, distributorId: string, limit: number) {
  const base = lowStock(distributorId)(db);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base
      .select(['id', 'item_number', 'description', 'stock_on_hand', 'low_stock_threshold'])
      .orderBy('stock_on_hand')
      .orderBy('item_number')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(count?.n ?? 0),
    items: rows.map((r) => ({
      productId: r.id,
      itemNumber: r.item_number,
      description: r.description,
      stockOnHand: Number(r.stock_on_hand),
      lowStockThreshold: Number(r.low_stock_threshold),
    })),
  };
}

/** Item number and description of the distributor's products named. */
export async function productNames(db: DbOrTrx, distributorId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { itemNumber: string; description: string }>();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'item_number', 'description'])
    .where('distributor_id', '=', distributorId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { itemNumber: r.item_number, description: r.description }]));
}
