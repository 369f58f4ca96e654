// Sales per local month beside the day rows of 0033, for the stores and the products (docs/admin-dashboard.md,
// "Month roll-ups"): a 90-day dashboard or report reads about three months' rows instead of ninety days'.
// Kept in the same transactions as the day rows (modules/orders/sales-summary.repository.ts); filled here
// from the day rows, which are in each distributor's local days already. Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  // SQLite: the rows stored in their key's order (no rowid table beside the key), so a month's rows are
  // read in one range without a look-up per row.
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;
  await db.schema
    .createTable('sales_monthly_stores')
    .addColumn('distributor_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('total_cents', big, (c) => c.notNull())
    .addColumn('quantity', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_monthly_stores_pk', ['distributor_id', 'month', 'customer_id'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('sales_monthly_products')
    .addColumn('distributor_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('quantity', big, (c) => c.notNull())
    .addColumn('line_cents', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_monthly_products_pk', ['distributor_id', 'month', 'product_id'])
    .modifyEnd(clustered)
    .execute();
  await sql`
    insert into sales_monthly_stores (distributor_id, month, customer_id, orders, total_cents, quantity)
    select distributor_id, substr(day, 1, 7), customer_id, sum(orders), sum(total_cents), sum(quantity)
    from sales_daily_stores group by distributor_id, substr(day, 1, 7), customer_id
  `.execute(db);
  await sql`
    insert into sales_monthly_products (distributor_id, month, product_id, orders, quantity, line_cents)
    select distributor_id, substr(day, 1, 7), product_id, sum(orders), sum(quantity), sum(line_cents)
    from sales_daily_products group by distributor_id, substr(day, 1, 7), product_id
  `.execute(db);
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const t of ['sales_monthly_products', 'sales_monthly_stores']) await db.schema.dropTable(t).ifExists().execute();
}
