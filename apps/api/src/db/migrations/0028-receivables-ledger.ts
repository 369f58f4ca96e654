// The receivables ledger's ageing (issue 18 §1): a store's payment terms (days after the invoice a debit
// falls due; Net 30 unless set), each debit's due date, and the running total of debits that lets the
// ageing find a store's unpaid invoices by an index range instead of reading its whole history.
// Payments and credits settle the oldest debt first (balance forward): what a store still owes is its
// newest debits adding up to its balance, i.e. the debits whose running total is above
// ledger_debits_cents - balance_cents (receivables_open_idx answers that per store).
// Triggers fill debit_through_cents and due_on on every insert, so every writer of receivable_entries
// (order placement, edits and cancellations in modules/orders, the office's payments and credits, seeds)
// keeps them right without knowing about them. Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('customers')
    .addColumn('ledger_debits_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('receivable_entries').addColumn('due_on', 'text').execute();
  await db.schema.alterTable('receivable_entries').addColumn('debit_through_cents', 'bigint').execute();
  await db.schema.alterTable('receivable_entries').addColumn('method', 'text').execute();
  await db.schema.alterTable('receivable_entries').addColumn('recorded_by_user_id', 'text').execute();

  // Entries written before this migration: running totals in date order, due 30 days after.
  await sql`update receivable_entries set debit_through_cents = (
      select sum(e2.amount_cents) from receivable_entries e2
      where e2.customer_id = receivable_entries.customer_id and e2.amount_cents > 0
        and (e2.created_at < receivable_entries.created_at
          or (e2.created_at = receivable_entries.created_at and e2.id <= receivable_entries.id)))
    where amount_cents > 0`.execute(db);
  await sql`update customers set ledger_debits_cents = coalesce((
      select sum(amount_cents) from receivable_entries where customer_id = customers.id and amount_cents > 0), 0)`.execute(db);

  if (dialect === 'postgres') {
    await sql`update receivable_entries
      set due_on = to_char((created_at::timestamptz at time zone 'UTC')::date + 30, 'YYYY-MM-DD')
      where amount_cents > 0`.execute(db);
    await sql
      .raw(
        `create or replace function receivable_entry_debits() returns trigger language plpgsql as $$
       declare through bigint; terms integer;
       begin
         if new.amount_cents <= 0 then return new; end if;
         update customers set ledger_debits_cents = ledger_debits_cents + new.amount_cents
           where id = new.customer_id returning ledger_debits_cents, payment_terms_days into through, terms;
         new.debit_through_cents := through;
         if new.due_on is null then
           new.due_on := to_char((new.created_at::timestamptz at time zone 'UTC')::date + coalesce(terms, 30), 'YYYY-MM-DD');
         end if;
         return new;
       end $$`,
      )
      .execute(db);
    await sql`create trigger receivable_entries_debits before insert on receivable_entries
      for each row execute function receivable_entry_debits()`.execute(db);
  } else {
    await sql`update receivable_entries set due_on = date(created_at, '+30 days') where amount_cents > 0`.execute(db);
    await sql`create trigger receivable_entries_debits after insert on receivable_entries
      when new.amount_cents > 0
      begin
        update customers set ledger_debits_cents = ledger_debits_cents + new.amount_cents where id = new.customer_id;
        update receivable_entries set
          debit_through_cents = (select ledger_debits_cents from customers where id = new.customer_id),
          due_on = coalesce(new.due_on, date(new.created_at,
            '+' || (select payment_terms_days from customers where id = new.customer_id) || ' days'))
        where id = new.id;
      end`.execute(db);
  }
  await db.schema
    .createIndex('receivables_open_idx')
    .on('receivable_entries')
    .columns(['customer_id', 'debit_through_cents'])
    .execute();
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('receivables_open_idx').ifExists().execute();
  if (dialect === 'postgres') {
    await sql`drop trigger if exists receivable_entries_debits on receivable_entries`.execute(db);
    await sql`drop function if exists receivable_entry_debits()`.execute(db);
  } else {
    await sql`drop trigger if exists receivable_entries_debits`.execute(db);
  }
  for (const column of ['recorded_by_user_id', 'method', 'debit_through_cents', 'due_on']) {
    await db.schema.alterTable('receivable_entries').dropColumn(column).execute();
  }
  for (const column of ['ledger_debits_cents', 'payment_terms_days']) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
}
