// All SQL of the office's receivables: the stores the ageing list shows, their unpaid debits (by the
// running total of debits, receivables_open_idx: never the whole history), entries written by the office,
// and what a statement and its e-mail need.
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import { newId } from '../../platform/ids.ts';
import { readInBackground } from '../../db/background-reads.ts';
import { containsPattern } from '../../db/like.ts';
import type { AgeingBucket } from '@portal/shared/receivables/ageing';

export interface AgeingFilter {
  distributorId: string;
  search?: string;
  route?: string;
  salesRepId?: string;
  /** Only stores whose balance is above 0. */
  owingOnly: boolean;
}

function storesQuery(db: DbOrTrx, f: AgeingFilter) {
  let q = db.selectFrom('customers as c').where('c.distributor_id', '=', f.distributorId);
  if (f.route) q = q.where('c.route_number', '=', f.route);
  if (f.salesRepId) q = q.where('c.sales_rep_id', '=', f.salesRepId);
  if (f.owingOnly) q = q.where('c.balance_cents', '>', 0);
  if (f.search) {
    const p = containsPattern(f.search);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(c.c_number) like ${p} escape '\\'`,
        sql<SqlBool>`lower(c.company_name) like ${p} escape '\\'`,
        sql<SqlBool>`lower(c.contact_name) like ${p} escape '\\'`,
      ]),
    );
  }
  return q;
}

export async function listAgeingStores(db: DbOrTrx, f: AgeingFilter) {
  const query = storesQuery(db, f)
    .leftJoin('sales_reps as r', 'r.id', 'c.sales_rep_id')
    .select([
      'c.id',
      'c.c_number',
      'c.company_name',
      'c.route_number',
      'c.email',
      'c.payment_terms_days',
      'c.balance_cents',
      'c.ledger_debits_cents',
      'r.id as rep_id',
      'r.name as rep_name',
    ])
    .compile();
  const rows = await readInBackground(db, query);
  return rows.map((r) => ({
    ...r,
    balance_cents: Number(r.balance_cents),
    ledger_debits_cents: Number(r.ledger_debits_cents),
    payment_terms_days: Number(r.payment_terms_days),
  }));
}

/**
 * The unpaid part of the debits of the stores that match and owe, summed per store and ageing bucket
 * (`starts`: each bucket's first due date, `bucketStarts` in packages/shared). A store's unpaid debits are
 * its newest ones whose running total is above its debits less its balance (an index range on
 * receivables_open_idx per store); the oldest of them may be paid in part. Summed here rather than in
 * JavaScript: at thousands of stores the open invoices are far more rows than the list has.
 */
export async function sumOpenDebits(
  db: DbOrTrx,
  f: AgeingFilter,
  starts: BucketStarts,
): Promise<Map<string, Record<AgeingBucket, number>>> {
  const rows = await readInBackground(db, openDebitsQuery(db, f, starts).compile());
  return new Map(
    rows.map((r) => [
      r.customer_id,
      {
        current: Number(r.current),
        days1to30: Number(r.days1to30),
        days31to60: Number(r.days31to60),
        days61to90: Number(r.days61to90),
        days90plus: Number(r.days90plus),
      },
    ]),
  );
}

type BucketStarts = Record<Exclude<AgeingBucket, 'days90plus'>, string>;

/** sumOpenDebits' statement (receivables_open_idx carries the amounts and due dates it reads). */
export function openDebitsQuery(db: DbOrTrx, f: AgeingFilter, starts: BucketStarts) {
  const settled = sql<number>`(c.ledger_debits_cents - c.balance_cents)`;
  const open = sql<number>`case when e.amount_cents < e.debit_through_cents - ${settled}
    then e.amount_cents else e.debit_through_cents - ${settled} end`;
  const bucket = (when: ReturnType<typeof sql<SqlBool>>) => sql<string>`coalesce(sum(case when ${when} then ${open} end), 0)`;
  // CROSS JOIN + the join condition in WHERE: the same join, but SQLite keeps the stores as the outer
  // loop (one index range per store) instead of reading every entry; PostgreSQL plans it as any join.
  return (
    storesQuery(db, { ...f, owingOnly: true })
      .crossJoin('receivable_entries as e')
      .whereRef('e.customer_id', '=', 'c.id')
      .whereRef('e.debit_through_cents', '>', settled)
      // Debits only, as ageBalance counts them (payments and credits have no running total today).
      .where('e.amount_cents', '>', 0)
      .groupBy('e.customer_id')
      .select([
        'e.customer_id',
        bucket(sql`e.due_on is null or e.due_on >= ${starts.current}`).as('current'),
        bucket(sql`e.due_on < ${starts.current} and e.due_on >= ${starts.days1to30}`).as('days1to30'),
        bucket(sql`e.due_on < ${starts.days1to30} and e.due_on >= ${starts.days31to60}`).as('days31to60'),
        bucket(sql`e.due_on < ${starts.days31to60} and e.due_on >= ${starts.days61to90}`).as('days61to90'),
        bucket(sql`e.due_on < ${starts.days61to90}`).as('days90plus'),
      ])
  );
}

/** One store of the distributor with its rep, or undefined. */
export async function findStore(db: DbOrTrx, distributorId: string, customerId: string) {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('sales_reps as r', 'r.id', 'c.sales_rep_id')
    .select([
      'c.id',
      'c.c_number',
      'c.company_name',
      'c.contact_name',
      'c.address',
      'c.city',
      'c.state',
      'c.zip',
      'c.email',
      'c.route_number',
      'c.credit_limit_cents',
      'c.payment_terms_days',
      'c.balance_cents',
      'c.ledger_debits_cents',
      'r.id as rep_id',
      'r.name as rep_name',
    ])
    .where('c.distributor_id', '=', distributorId)
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    balance_cents: Number(row.balance_cents),
    ledger_debits_cents: Number(row.ledger_debits_cents),
    payment_terms_days: Number(row.payment_terms_days),
    credit_limit_cents: row.credit_limit_cents == null ? null : Number(row.credit_limit_cents),
  };
}
export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStore>>>;

/** The store's unpaid debits (see listOpenDebits), for its ledger header and its statement. */
export async function storeOpenDebits(db: DbOrTrx, store: StoreRow) {
  const rows = await db
    .selectFrom('receivable_entries as e')
    .leftJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.reference', 'e.amount_cents', 'e.debit_through_cents', 'e.due_on', 'e.created_at', 'o.order_number'])
    .where('e.customer_id', '=', store.id)
    .where('e.debit_through_cents', '>', store.ledger_debits_cents - store.balance_cents)
    .orderBy('e.debit_through_cents')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    orderNumber: r.order_number,
    amountCents: Number(r.amount_cents),
    debitThroughCents: Number(r.debit_through_cents),
    dueOn: r.due_on,
    createdAt: r.created_at,
  }));
}

/**
 * Writes one entry and moves the balance by its amount, in the caller's transaction: the balance
 * (LastBalance) and the ledger move together or not at all.
 */
export async function insertEntry(
  trx: DbOrTrx,
  e: {
    customerId: string;
    kind: 'payment' | 'credit' | 'adjustment';
    reference: string;
    amountCents: number;
    note: string | null;
    method: string | null;
    recordedBy: string;
    at: string;
  },
): Promise<{ id: string; balanceCents: number }> {
  const id = newId();
  await trx
    .insertInto('receivable_entries')
    .values({
      id,
      customer_id: e.customerId,
      kind: e.kind,
      order_id: null,
      reference: e.reference,
      amount_cents: e.amountCents,
      note: e.note,
      method: e.method,
      recorded_by_user_id: e.recordedBy,
      created_at: e.at,
    })
    .execute();
  await trx
    .updateTable('customers')
    .set({ balance_cents: sql`balance_cents + ${e.amountCents}` })
    .where('id', '=', e.customerId)
    .execute();
  const row = await trx.selectFrom('customers').select('balance_cents').where('id', '=', e.customerId).executeTakeFirstOrThrow();
  return { id, balanceCents: Number(row.balance_cents) };
}

/** The sum of the store's entries recorded at or after `from` (ISO), to move today's balance back in time. */
export async function sumSince(db: DbOrTrx, customerId: string, from: string): Promise<number> {
  const row = await db
    .selectFrom('receivable_entries')
    .select(sql<number | string | null>`sum(amount_cents)`.as('s'))
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', from)
    .executeTakeFirst();
  return Number(row?.s ?? 0);
}

/** The store's entries in [from, before), oldest first, for a statement. */
export function entriesBetween(db: DbOrTrx, customerId: string, from: string, before: string) {
  return db
    .selectFrom('receivable_entries as e')
    .leftJoin('orders as o', 'o.id', 'e.order_id')
    .select([
      'e.id',
      'e.kind',
      'e.reference',
      'e.amount_cents',
      'e.note',
      'e.method',
      'e.due_on',
      'e.created_at',
      'o.order_number',
    ])
    .where('e.customer_id', '=', customerId)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

/** Where a store's e-mails go: its own address and its active retailer users' addresses, once each. */
export async function storeEmails(db: DbOrTrx, customerId: string, own: string | null): Promise<string[]> {
  const users = await db
    .selectFrom('users')
    .select('email')
    .where('customer_id', '=', customerId)
    .where('role', '=', 'retailer')
    .where('is_active', '=', 1)
    .where('email', 'is not', null)
    .orderBy('email')
    .execute();
  const all = [own, ...users.map((u) => u.email)].filter((e): e is string => Boolean(e && e.includes('@')));
  return [...new Set(all.map((e) => e.trim().toLowerCase()))];
}
