// A cart's lines in the order they were added, read from the index alone: every cart answer, cart
// count and placed order reads the buyer's lines (product, quantity) ordered by when each was added.
// Through the unique (customer, user, product) index each line cost a table lookup and the lines a sort;
// with the order and the values in this index, neither. Extra key columns on SQLite, which has no
// INCLUDE. Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await sql`create index cart_items_owner_order_idx on cart_items ${
    dialect === 'postgres'
      ? sql`(customer_id, user_id, created_at, id) include (product_id, quantity)`
      : sql`(customer_id, user_id, created_at, id, product_id, quantity)`
  }`.execute(db);
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('cart_items_owner_order_idx').execute();
}
