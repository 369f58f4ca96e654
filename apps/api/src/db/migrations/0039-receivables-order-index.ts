// The ledger's entries of one order: credit control asks, at every placed order and cart, which of a
// store's undelivered orders have no invoice entry yet (a correlated lookup per open order), and a
// short pick or an order edit finds the order's invoice. Without this index each lookup read the whole
// ledger. Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('receivables_order_idx').on('receivable_entries').columns(['order_id', 'kind']).execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('receivables_order_idx').execute();
}
