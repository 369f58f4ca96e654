// The dashboard's receivables figures (issue 18 §5): what is owed and who owes past the credit limit, now
// and at the start of the period. What is past due comes from the ageing (pastDueNow in ledger.service.ts).
import type { DbOrTrx } from '../../db/database.ts';
import { readInBackground } from '../../db/background-reads.ts';

/**
 * What the stores owe now and at `at` (an earlier time): a balance at `at` is today's less every ledger
 * entry recorded since (receivables_customer_idx, with the amounts: index only). Only positive balances count as owed; over limit is
 * owing more than a set credit limit.
 */
export async function owedNowAndAt(db: DbOrTrx, distributorId: string, at: string) {
  const since = db
    .selectFrom('receivable_entries')
    .select(['customer_id', (eb) => eb.fn.sum<number | string>('amount_cents').as('since_cents')])
    .where('created_at', '>=', at)
    .where('customer_id', 'in', (eb) => eb.selectFrom('customers').select('id').where('distributor_id', '=', distributorId))
    .groupBy('customer_id')
    .as('s');
  // Every ledger entry of the period: off the event loop (db/background-reads.ts).
  const rows = await readInBackground(
    db,
    db
      .selectFrom('customers as c')
      .leftJoin(since, 's.customer_id', 'c.id')
      .select(['c.balance_cents', 'c.credit_limit_cents', 's.since_cents'])
      .where('c.distributor_id', '=', distributorId)
      .compile(),
  );
  const sum = { now: { cents: 0, stores: 0, overLimit: 0 }, then: { cents: 0, stores: 0, overLimit: 0 } };
  for (const r of rows) {
    const limit = r.credit_limit_cents == null ? null : Number(r.credit_limit_cents);
    const now = Number(r.balance_cents);
    const then = now - Number(r.since_cents ?? 0);
    for (const [k, b] of [['now', now] as const, ['then', then] as const]) {
      if (b <= 0) continue;
      sum[k].cents += b;
      sum[k].stores += 1;
      if (limit != null && b > limit) sum[k].overLimit += 1;
    }
  }
  return sum;
}
