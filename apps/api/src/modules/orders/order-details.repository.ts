// SQL of the office's order details and edits: one distributor's order by id, its status history with
// who made each change, the notes thread, rewriting the lines and totals of an edit, stock given back,
// and the receivable adjustment an edit posts.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { OrderLineTable, OrderNoteTable, OrderShortPickTable, OrderTable } from '../../db/schema.ts';
import { newId } from '../../platform/ids.ts';

/** One of the distributor's orders by id; `lock` holds its row until commit (PostgreSQL), so edits queue. */
export async function findDistributorOrder(db: DbOrTrx, distributorId: string, orderId: string, opts: { lock?: boolean } = {}) {
  let qb = db.selectFrom('orders').selectAll().where('id', '=', orderId).where('distributor_id', '=', distributorId);
  if (opts.lock) qb = qb.forUpdate();
  return qb.executeTakeFirst();
}

export async function findUserName(db: DbOrTrx, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** The status changes of an order, oldest first, with the name of whoever made each. */
export function listStatusHistoryWithAuthors(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('order_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.created_by_user_id')
    .select(['h.status', 'h.created_at', 'h.note', 'u.name as by_name'])
    .where('h.order_id', '=', orderId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

export function listOrderNotes(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('order_notes')
    .select(['id', 'author_name', 'author_side', 'body', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertOrderNote(db: DbOrTrx, note: OrderNoteTable): Promise<void> {
  await db.insertInto('order_notes').values(note).execute();
}

/** Replaces every line of the order (numbered again from 1). */
export async function replaceOrderLines(trx: DbOrTrx, orderId: string, lines: OrderLineTable[]): Promise<void> {
  await trx.deleteFrom('order_lines').where('order_id', '=', orderId).execute();
  // Chunked so a large order stays under SQLite's bound-parameter limit.
  for (let i = 0; i < lines.length; i += 50)
    await trx
      .insertInto('order_lines')
      .values(lines.slice(i, i + 50))
      .execute();
}

export async function updateOrderAfterEdit(
  trx: DbOrTrx,
  orderId: string,
  fields: Pick<
    OrderTable,
    'subtotal_cents' | 'tax_cents' | 'crv_cents' | 'delivery_charge_cents' | 'total_cents' | 'item_count' | 'updated_at'
  > & { revision: number },
): Promise<void> {
  await trx.updateTable('orders').set(fields).where('id', '=', orderId).execute();
}

/**
 * Locks products in id order until commit (PostgreSQL): an edit that gives some units back and takes
 * others locks all of them first, so two edits crossing over the same products queue, never deadlock.
 */
export async function lockProducts(trx: DbOrTrx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** Puts units back on the shelf (an edit that lowers or removes lines). */
export async function returnStock(trx: DbOrTrx, lines: readonly { productId: string; quantity: number }[]): Promise<void> {
  // One statement per product, in id order (the order in which PostgreSQL locks them when taking).
  for (const l of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1)))
    await trx
      .updateTable('products')
      .set({ stock_on_hand: sql`stock_on_hand + ${l.quantity}` })
      .where('id', '=', l.productId)
      .execute();
}

/** The change of an order's total on the customer's account: an adjustment entry and the balance. */
export async function postOrderAdjustment(
  trx: DbOrTrx,
  entry: { customerId: string; orderId: string; reference: string; amountCents: number; note: string; at: string },
): Promise<void> {
  await trx
    .insertInto('receivable_entries')
    .values({
      id: newId(),
      customer_id: entry.customerId,
      kind: 'adjustment',
      order_id: entry.orderId,
      reference: entry.reference,
      amount_cents: entry.amountCents,
      note: entry.note,
      created_at: entry.at,
    })
    .execute();
  await trx
    .updateTable('customers')
    .set({ balance_cents: sql`balance_cents + ${entry.amountCents}` })
    .where('id', '=', entry.customerId)
    .execute();
}

/** One line's quantity and amounts after a short pick (its price, tax rate and CRV per unit stay). */
export async function updateOrderLineAmounts(
  trx: DbOrTrx,
  lineId: string,
  fields: Pick<OrderLineTable, 'quantity' | 'tax_cents' | 'crv_cents' | 'line_total_cents'>,
): Promise<void> {
  await trx.updateTable('order_lines').set(fields).where('id', '=', lineId).execute();
}

export async function insertShortPicks(trx: DbOrTrx, rows: OrderShortPickTable[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('order_short_picks').values(rows).execute();
}

/** An order's short picks, oldest first. */
export function listShortPicks(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('order_short_picks')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
