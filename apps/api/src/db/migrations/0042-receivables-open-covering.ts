// A store's open debits with their amounts and due dates in the index: the ageing list and the
// dashboard's past-due figures sum each store's open debits per bucket (sumOpenDebits), and read each
// debit's row for its amount and due date. With both in the index the sum is one index range per
// store and nothing else (on PostgreSQL an index-only scan; as extra key columns on SQLite, which has no
// INCLUDE). Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

async function openIndex(db: Db, columns: ReturnType<typeof sql>): Promise<void> {
  await db.schema.dropIndex('receivables_open_idx').execute();
  await sql`create index receivables_open_idx on receivable_entries ${columns}`.execute(db);
}

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await openIndex(
    db,
    dialect === 'postgres'
      ? sql`(customer_id, debit_through_cents) include (amount_cents, due_on)`
      : sql`(customer_id, debit_through_cents, amount_cents, due_on)`,
  );
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await openIndex(db, sql`(customer_id, debit_through_cents)`);
}
