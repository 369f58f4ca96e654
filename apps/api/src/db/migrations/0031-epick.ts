// E-pick (issue 18 §3): products.location is the aisle/bin a picker finds a product at (free text such
// as "A-12" or "Aisle 3 / Bay 2", sorted numeric-aware on the pick list), and order_short_picks records
// each short pick of an order line: what was ordered, what was picked, why, who and when (the line's
// quantity and the order's totals are lowered in the same transaction). Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('products').addColumn('location', 'text').execute();
  await db.schema
    .createTable('order_short_picks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('item_number', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('ordered_quantity', 'integer', (c) => c.notNull())
    .addColumn('picked_quantity', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_short_picks_order_idx')
    .on('order_short_picks')
    .columns(['order_id', 'created_at'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('order_short_picks').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('location').execute();
}
