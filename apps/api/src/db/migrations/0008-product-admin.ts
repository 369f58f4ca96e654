// Item numbers are unique per distributor (exactly as stored, after trimming). The products service
// checks first for a clear message; this index makes it hold when two requests race past the check.
// 0001's unique item_number column is still in place (dropping it on SQLite means rebuilding products,
// whose rowids the FTS index of 0002 keys on), so today an item number is also unique across
// distributors; this index is what keeps the per-distributor rule once that one goes.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('products_item_number_unique')
    .on('products')
    .unique()
    .columns(['distributor_id', 'item_number'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('products_item_number_unique').ifExists().execute();
}
