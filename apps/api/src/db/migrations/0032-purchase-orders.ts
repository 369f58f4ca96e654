// Purchase orders (issue 18 §4): a distributor's orders to its vendors, their lines (ordered and
// received so far) and each receipt's lines, so a partial receipt is tracked per line and its history
// kept. Indexes serve the list (distributor, status, created), the incoming units of open purchase
// orders per product, and a line's receipts. Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('po_number', 'text', (c) => c.notNull())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('expected_date', 'text')
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text')
    .addColumn('received_at', 'text')
    .addUniqueConstraint('purchase_orders_number_uq', ['distributor_id', 'po_number'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_dist_status_created_idx')
    .on('purchase_orders')
    .columns(['distributor_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_dist_created_idx')
    .on('purchase_orders')
    .columns(['distributor_id', 'created_at'])
    .execute();
  await db.schema.createIndex('purchase_orders_vendor_idx').on('purchase_orders').columns(['vendor_id', 'status']).execute();

  await db.schema
    .createTable('purchase_order_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_order_id', 'text', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('item_number', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity_ordered', 'integer', (c) => c.notNull())
    .addColumn('quantity_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_cost_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The incoming units of open purchase orders: from each open order's lines, without visiting them.
  await db.schema
    .createIndex('purchase_order_lines_po_cover_idx')
    .on('purchase_order_lines')
    .columns(['purchase_order_id', 'product_id', 'quantity_ordered', 'quantity_received'])
    .execute();
  await db.schema.createIndex('purchase_order_lines_product_idx').on('purchase_order_lines').column('product_id').execute();

  await db.schema
    .createTable('purchase_order_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_order_id', 'text', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
    .addColumn('received_by_user_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_order_receipts_po_idx')
    .on('purchase_order_receipts')
    .columns(['purchase_order_id', 'received_at'])
    .execute();
  await db.schema
    .createTable('purchase_order_receipt_lines')
    .addColumn('receipt_id', 'text', (c) => c.notNull().references('purchase_order_receipts.id').onDelete('cascade'))
    .addColumn('line_id', 'text', (c) => c.notNull().references('purchase_order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_order_receipt_lines_pk', ['receipt_id', 'line_id'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const table of ['purchase_order_receipt_lines', 'purchase_order_receipts', 'purchase_order_lines', 'purchase_orders'])
    await db.schema.dropTable(table).ifExists().execute();
}
