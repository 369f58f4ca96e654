// All SQL of the customer's account ledger (receivable_entries) and balance.
import { sql } from 'kysely';
import type { LedgerSortKey, Sorting } from '@portal/shared/api/sort';
import type { DbOrTrx } from '../../db/database.ts';

export async function customerBalanceCents(db: DbOrTrx, customerId: string): Promise<number | null> {
  const row = await db.selectFrom('customers').select('balance_cents').where('id', '=', customerId).executeTakeFirst();
  return row ? Number(row.balance_cents) : null;
}

/** Count and sum of all entries. */
export async function ledgerSums(db: DbOrTrx, customerId: string) {
  const all = await db
    .selectFrom('receivable_entries')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'),
    ])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return { count: Number(all?.n ?? 0), totalCents: Number(all?.total ?? 0) };
}

const LEDGER_SORT_COLUMNS = {
  date: sql`r.created_at`,
  kind: sql`r.kind`,
  reference: sql`lower(r.reference)`,
  amount: sql`r.amount_cents`,
} satisfies Record<LedgerSortKey, unknown>;

/**
 * One page of entries in the asked order, each with `newer_cents`: the sum of the entries recorded
 * after it (newest first, then by id), from which its running balance follows whatever the sort.
 * The window is computed over all the customer's entries before ORDER BY and LIMIT apply.
 */
export async function listLedgerEntries(
  db: DbOrTrx,
  customerId: string,
  sorting: Sorting<LedgerSortKey>,
  offset: number,
  limit: number,
) {
  const rows = await db
    .selectFrom('receivable_entries as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('users as u', 'u.id', 'r.recorded_by_user_id')
    .select(['r.id', 'r.kind', 'r.reference', 'r.amount_cents', 'r.note', 'r.created_at', 'o.order_number'])
    .select(['r.due_on', 'r.debit_through_cents', 'r.method', 'u.name as recorded_by'])
    .select(
      sql<number>`coalesce(sum(r.amount_cents) over (order by r.created_at desc, r.id desc rows between unbounded preceding and 1 preceding), 0)`.as(
        'newer_cents',
      ),
    )
    .where('r.customer_id', '=', customerId)
    .orderBy(LEDGER_SORT_COLUMNS[sorting.sort], sorting.dir)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    ...r,
    amount_cents: Number(r.amount_cents),
    newer_cents: Number(r.newer_cents),
    debit_through_cents: r.debit_through_cents == null ? null : Number(r.debit_through_cents),
  }));
}

/** One page of a distributor's ledger entries of a kind recorded in [from, before), oldest first. */
export async function entriesForExportPage(
  db: DbOrTrx,
  q: {
    distributorId: string;
    kind: 'invoice' | 'payment' | 'credit' | 'adjustment';
    from: string;
    before: string;
    after: { createdAt: string; id: string } | null;
    limit: number;
  },
) {
  let query = db
    .selectFrom('receivable_entries as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .select(['r.id', 'r.created_at', 'r.reference', 'r.amount_cents', 'r.note', 'c.c_number', 'c.company_name'])
    .where('c.distributor_id', '=', q.distributorId)
    .where('r.kind', '=', q.kind)
    .where('r.created_at', '>=', q.from)
    .where('r.created_at', '<', q.before);
  if (q.after) {
    const a = q.after;
    query = query.where((eb) =>
      eb.or([eb('r.created_at', '>', a.createdAt), eb.and([eb('r.created_at', '=', a.createdAt), eb('r.id', '>', a.id)])]),
    );
  }
  return query.orderBy('r.created_at').orderBy('r.id').limit(q.limit).execute();
}
