// The distributor's dashboard (issue 18 §5): indexes that let its figures be read from indexes alone
// at 200,000 orders. Each dashboard query names the same columns and conditions as these, so the
// planners (SQLite and PostgreSQL) pick them; see modules/dashboard/distributor-dashboard.service.ts.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  // Revenue and orders per hour, per status, per store and per rep over a date range: the range scan
  // carries every column those sums read, so no order row is visited.
  await db.schema
    .createIndex('orders_dist_created_cover_idx')
    .on('orders')
    .columns(['distributor_id', 'created_at', 'status', 'total_cents', 'customer_id'])
    .execute();
  // Top products: each order's lines with what they sum, without visiting the line rows.
  await db.schema
    .createIndex('order_lines_order_cover_idx')
    .on('order_lines')
    .columns(['order_id', 'product_id', 'quantity', 'line_total_cents'])
    .execute();
  // Low stock (1 up to the product's own threshold): a comparison of two columns no range can serve,
  // so a partial index holds just those products. The query repeats the condition word for word.
  await db.schema
    .createIndex('products_low_stock_idx')
    .on('products')
    .columns(['distributor_id', 'is_active'])
    .where(sql.ref('stock_on_hand'), '>', 0)
    .where(sql<boolean>`stock_on_hand <= low_stock_threshold`)
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const index of ['products_low_stock_idx', 'order_lines_order_cover_idx', 'orders_dist_created_cover_idx'])
    await db.schema.dropIndex(index).ifExists().execute();
}
