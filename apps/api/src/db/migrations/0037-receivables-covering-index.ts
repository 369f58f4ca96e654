// A store's ledger entries by time, with their amounts in the index: the dashboard's "owed at the start
// of the period" sums every entry recorded since, and read each one's row for its amount.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('receivables_customer_idx').execute();
  await db.schema
    .createIndex('receivables_customer_idx')
    .on('receivable_entries')
    .columns(['customer_id', 'created_at', 'amount_cents'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('receivables_customer_idx').execute();
  await db.schema
    .createIndex('receivables_customer_idx')
    .on('receivable_entries')
    .columns(['customer_id', 'created_at'])
    .execute();
}
