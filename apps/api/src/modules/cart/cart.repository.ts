// All SQL of the cart: lines kept per (customer, acting user, product), and the delivery-charge setting.
import { sql } from 'kysely';
import { compiledOnce, type DbOrTrx } from '../../db/database.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/clock.ts';

export interface CartOwner {
  customerId: string;
  userId: string;
}

/** The owner's lines in the order they were added (read from cart_items_owner_order_idx alone, migration 0044). */
export const cartLinesQuery = (db: DbOrTrx, p: Record<keyof CartOwner, string>) =>
  db
    .selectFrom('cart_items as c')
    .leftJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.product_id', 'c.quantity', 'c.created_at', 'p.stock_on_hand'])
    .where('c.customer_id', '=', p.customerId)
    .where('c.user_id', '=', p.userId)
    .orderBy('c.created_at')
    .orderBy('c.id');

// A cart answer runs these on every request: compiled once (see compiledOnce).
const cartLines = compiledOnce(['customerId', 'userId'], cartLinesQuery);

/** The cart's lines in the order they were added, each with its product's stock on hand now (exact). */
export function listCartLines(db: DbOrTrx, owner: CartOwner) {
  return cartLines(db, owner);
}

export async function findCartQuantity(db: DbOrTrx, owner: CartOwner, productId: string): Promise<number | null> {
  const row = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('customer_id', '=', owner.customerId)
    .where('user_id', '=', owner.userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ? row.quantity : null;
}

/** Sets a line's quantity, creating the line when it is not there. */
export async function upsertCartLine(db: DbOrTrx, owner: CartOwner, productId: string, quantity: number): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('cart_items')
    .values({
      id: newId(),
      customer_id: owner.customerId,
      user_id: owner.userId,
      product_id: productId,
      quantity,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['customer_id', 'user_id', 'product_id']).doUpdateSet({ quantity, updated_at: at }))
    .execute();
}

export async function deleteCartLine(db: DbOrTrx, owner: CartOwner, productId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', owner.customerId)
    .where('user_id', '=', owner.userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function clearCartLines(db: DbOrTrx, owner: CartOwner): Promise<number> {
  const res = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', owner.customerId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

const settingValue = compiledOnce(['distributorId', 'key'], (db, p) =>
  db.selectFrom('settings').select('value').where('distributor_id', '=', p.distributorId).where('key', '=', p.key),
);

export async function findSettingValue(db: DbOrTrx, distributorId: string, key: string): Promise<string | null> {
  const [row] = await settingValue(db, { distributorId, key });
  return row?.value ?? null;
}

export async function cartLineCount(db: DbOrTrx, owner: CartOwner): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select(sql<number>`count(*)`.as('n'))
    .where('customer_id', '=', owner.customerId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
