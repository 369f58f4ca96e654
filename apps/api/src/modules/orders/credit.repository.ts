// The SQL of credit control: what a customer's undelivered orders add to its exposure beyond its balance.
import type { DbOrTrx } from '../../db/database.ts';

/**
 * The total of the customer's orders not yet delivered nor cancelled whose amount is not in the balance:
 * those with no invoice entry. Orders placed here are invoiced at placement (docs/ordering.md step 8), so
 * they count once, through the balance; an order that reaches the books later (invoiced on delivery, or
 * brought in from the back office) counts here until it is.
 */
export async function openOrdersNotInBalanceCents(db: DbOrTrx, customerId: string): Promise<number> {
  const row = await openOrdersNotInBalanceQuery(db, customerId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The statement behind openOrdersNotInBalanceCents; its test checks that the invoice lookup is indexed. */
export function openOrdersNotInBalanceQuery(db: DbOrTrx, customerId: string) {
  return db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('o.total_cents'), eb.lit(0)).as('total'))
    .where('o.customer_id', '=', customerId)
    .where('o.status', 'not in', ['delivered', 'cancelled'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('receivable_entries as e')
            .select('e.id')
            .whereRef('e.order_id', '=', 'o.id')
            .where('e.kind', '=', 'invoice'),
        ),
      ),
    );
}
