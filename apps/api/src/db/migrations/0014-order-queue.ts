// The distributor's order work queue (issue 15 §4): saved views per staff user (a name and the list's
// filters as JSON), and the indexes that keep the queue's first page and its exact counts fast at
// 200,000 orders: each filter of the list either narrows the distributor's orders through one of
// these, or through the customers it names (route, order day, sales rep: customers' own indexes).
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('saved_order_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_order_views_user_name_uq', ['user_id', 'name'])
    .execute();
  // status filter and count; the queue's default order (newest first) within a status
  await db.schema
    .createIndex('orders_dist_status_created_idx')
    .on('orders')
    .columns(['distributor_id', 'status', 'created_at'])
    .execute();
  // delivery date range
  await db.schema
    .createIndex('orders_dist_delivery_idx')
    .on('orders')
    .columns(['distributor_id', 'requested_delivery_date'])
    .execute();
  // amount range
  await db.schema.createIndex('orders_dist_total_idx').on('orders').columns(['distributor_id', 'total_cents']).execute();
  // placed by (store, rep, office)
  await db.schema
    .createIndex('orders_dist_placed_by_idx')
    .on('orders')
    .columns(['distributor_id', 'placed_by_role', 'created_at'])
    .execute();
  // route and order day narrow the customers first
  await db.schema.createIndex('customers_dist_route_idx').on('customers').columns(['distributor_id', 'route_number']).execute();
  await db.schema.createIndex('customers_dist_order_day_idx').on('customers').columns(['distributor_id', 'order_day']).execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const index of [
    'customers_dist_order_day_idx',
    'customers_dist_route_idx',
    'orders_dist_placed_by_idx',
    'orders_dist_total_idx',
    'orders_dist_delivery_idx',
    'orders_dist_status_created_idx',
  ])
    await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.dropTable('saved_order_views').ifExists().execute();
}
