// All SQL of the customer's account ledger (receivable_entries) and balance.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

export async function customerBalanceCents(db: DbOrTrx, customerId: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('balance_cents').where('id', '=', customerId).executeTakeFirst();
  return row ? Number(row.balance_cents) : null;
}

/** Count and sum of all entries, and the sum of the `newer` most recent ones (those before a page). */
export async function ledgerSums(db: DbOrTrx, customerId: string, newer: number) {
  const all = await db
    .selectFrom('receivable_entries')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'),
    ])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  let newerSum = 0;
  if (newer > 0) {
    const row = await db
      .selectFrom(
        db
          .selectFrom('receivable_entries')
          .select('amount_cents')
          .where('customer_id', '=', customerId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(newer)
          .as('r'),
      )
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('r.amount_cents'), sql<number>`0`).as('s'))
      .executeTakeFirst();
    newerSum = Number(row?.s ?? 0);
  }
  return { count: Number(all?.n ?? 0), totalCents: Number(all?.total ?? 0), newerCents: newerSum };
}

export function listLedgerEntries(db: DbOrTrx, customerId: string, offset: number, limit: number) {
  return db
    .selectFrom('receivable_entries as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.kind', 'r.reference', 'r.amount_cents', 'r.note', 'r.created_at', 'o.order_number'])
    .where('r.customer_id', '=', customerId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
