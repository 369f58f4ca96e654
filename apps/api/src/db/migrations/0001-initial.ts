// The whole data model of the spec, for SQLite and PostgreSQL alike.
// Portable types only: text ids, integer cents and 0/1 flags, ISO-8601 text times.
// Self-contained on purpose: a migration never imports application code.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

const id = (t: Table) => t.addColumn('id', 'text', (c) => c.primaryKey());
const flag = (t: Table, name: string, dflt: 0 | 1) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));
const time = (t: Table, name: string) => t.addColumn(name, 'text', (c) => c.notNull());
const ref = (t: Table, name: string, table: string, opts: { notNull?: boolean; cascade?: boolean } = {}) =>
  t.addColumn(name, 'text', (c) => {
    let col = c.references(`${table}.id`);
    if (opts.cascade) col = col.onDelete('cascade');
    return opts.notNull ? col.notNull() : col;
  });

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const realType = dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('distributors')
    .$call(id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('addr1', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('logo_url', 'text')
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('warehouses')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('addr1', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone', 'text')
    .$call((t) => flag(t, 'is_default', 0))
    .execute();

  await db.schema
    .createTable('sales_reps')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .$call((t) => flag(t, 'is_active', 1))
    .execute();

  await db.schema
    .createTable('customers')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .$call((t) => ref(t, 'warehouse_id', 'warehouses'))
    .addColumn('c_number', 'text', (c) => c.notNull().unique())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('balance_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route_number', 'text')
    .addColumn('stop_number', 'text')
    .$call((t) => ref(t, 'sales_rep_id', 'sales_reps'))
    .addColumn('price_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_order_cents', 'integer')
    .addColumn('item_limit_qty', 'integer')
    .$call((t) => flag(t, 'is_active', 1))
    .$call((t) => time(t, 'created_at'))
    .execute();
  await db.schema.createIndex('customers_sales_rep_idx').on('customers').column('sales_rep_id').execute();

  await db.schema
    .createTable('distributor_roles')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .$call((t) => flag(t, 'is_system', 0))
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('role_permissions')
    .$call((t) => ref(t, 'role_id', 'distributor_roles', { notNull: true, cascade: true }))
    .addColumn('module', 'text', (c) => c.notNull())
    .$call((t) => flag(t, 'can_view', 0))
    .$call((t) => flag(t, 'can_add', 0))
    .$call((t) => flag(t, 'can_edit', 0))
    .$call((t) => flag(t, 'can_delete', 0))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'module'])
    .execute();

  await db.schema
    .createTable('users')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .$call((t) => ref(t, 'customer_id', 'customers'))
    .$call((t) => ref(t, 'sales_rep_id', 'sales_reps'))
    .$call((t) => ref(t, 'distributor_role_id', 'distributor_roles'))
    .$call((t) => flag(t, 'is_active', 1))
    .$call((t) => time(t, 'created_at'))
    .$call((t) => time(t, 'updated_at'))
    .execute();

  await db.schema
    .createTable('sessions')
    .$call(id)
    .$call((t) => ref(t, 'user_id', 'users', { notNull: true, cascade: true }))
    .addColumn('device_type', 'text')
    .addColumn('device_name', 'text')
    .addColumn('device_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .$call((t) => ref(t, 'current_customer_id', 'customers'))
    .$call((t) => time(t, 'created_at'))
    .$call((t) => time(t, 'last_seen_at'))
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('otp_codes')
    .$call(id)
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call((t) => time(t, 'expires_at'))
    .addColumn('consumed_at', 'text')
    .$call((t) => time(t, 'created_at'))
    .execute();
  await db.schema.createIndex('otp_codes_target_idx').on('otp_codes').columns(['target', 'purpose']).execute();

  await db.schema
    .createTable('outbox_messages')
    .$call(id)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .$call((t) => time(t, 'created_at'))
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_recipient_idx').on('outbox_messages').columns(['recipient', 'created_at']).execute();

  await db.schema
    .createTable('categories')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('name', 'text', (c) => c.notNull())
    .$call((t) => ref(t, 'parent_id', 'categories'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('vendors')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .$call((t) => flag(t, 'is_active', 1))
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('products')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('item_number', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .$call((t) => ref(t, 'category_id', 'categories'))
    .$call((t) => ref(t, 'subcategory_id', 'categories'))
    .$call((t) => ref(t, 'vendor_id', 'vendors'))
    .addColumn('sales_category', 'text')
    .addColumn('pack', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('case_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uom', 'text', (c) => c.notNull().defaultTo('EA'))
    .addColumn('unit_ounces', realType, (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'text')
    .addColumn('price1_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price2_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price3_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price4_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price5_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('crv_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock_on_hand', 'integer', (c) => c.notNull().defaultTo(0))
    .$call((t) => flag(t, 'allow_backorder', 0))
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(10))
    .$call((t) => flag(t, 'show_inventory_stock', 1))
    .$call((t) => flag(t, 'show_low_stock', 0))
    .$call((t) => flag(t, 'show_without_price', 0))
    .$call((t) => flag(t, 'allow_to_order', 1))
    .$call((t) => flag(t, 'show_inventory_stock_to_sales', 1))
    .$call((t) => flag(t, 'show_low_stock_to_sales', 0))
    .$call((t) => flag(t, 'show_without_price_to_sales', 0))
    .$call((t) => flag(t, 'allow_to_order_sales', 1))
    .addColumn('product_limit', 'integer')
    .$call((t) => flag(t, 'is_new_item', 0))
    .$call((t) => flag(t, 'show_distributor_image', 0))
    .addColumn('distributor_image_url', 'text')
    .addColumn('master_image_url', 'text')
    .$call((t) => flag(t, 'is_active', 1))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .$call((t) => time(t, 'created_at'))
    .$call((t) => time(t, 'updated_at'))
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category_id', 'description']).execute();
  await db.schema.createIndex('products_description_idx').on('products').column('description').execute();
  await db.schema.createIndex('products_brand_idx').on('products').column('brand').execute();

  await db.schema
    .createTable('product_upcs')
    .addColumn('upc', 'text', (c) => c.primaryKey())
    .$call((t) => ref(t, 'product_id', 'products', { notNull: true, cascade: true }))
    .execute();
  await db.schema.createIndex('product_upcs_product_idx').on('product_upcs').column('product_id').execute();

  await db.schema
    .createTable('product_qty_discounts')
    .$call(id)
    .$call((t) => ref(t, 'product_id', 'products', { notNull: true, cascade: true }))
    .addColumn('min_qty', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qty_discounts_product_idx').on('product_qty_discounts').column('product_id').execute();

  await db.schema
    .createTable('promotions')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .$call((t) => ref(t, 'product_id', 'products'))
    .addColumn('discount_bp', 'integer')
    .addColumn('image_url', 'text')
    .$call((t) => time(t, 'starts_at'))
    .addColumn('ends_at', 'text')
    .$call((t) => flag(t, 'is_active', 1))
    .$call((t) => time(t, 'created_at'))
    .execute();
  await db.schema.createIndex('promotions_product_idx').on('promotions').column('product_id').execute();

  await db.schema
    .createTable('cart_items')
    .$call(id)
    .$call((t) => ref(t, 'customer_id', 'customers', { notNull: true }))
    .$call((t) => ref(t, 'user_id', 'users', { notNull: true }))
    .$call((t) => ref(t, 'product_id', 'products', { notNull: true }))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .$call((t) => time(t, 'created_at'))
    .$call((t) => time(t, 'updated_at'))
    .addUniqueConstraint('cart_items_owner_product_uq', ['customer_id', 'user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .$call(id)
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .$call((t) => ref(t, 'customer_id', 'customers', { notNull: true }))
    .$call((t) => ref(t, 'placed_by_user_id', 'users', { notNull: true }))
    .addColumn('placed_by_role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('po_number', 'text')
    .addColumn('requested_delivery_date', 'text')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('crv_cents', 'integer', (c) => c.notNull())
    .addColumn('delivery_charge_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .$call((t) => flag(t, 'is_web_order', 0))
    .addColumn('idempotency_key', 'text')
    .$call((t) => time(t, 'created_at'))
    .$call((t) => time(t, 'updated_at'))
    .addUniqueConstraint('orders_idempotency_uq', ['customer_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_customer_created_idx').on('orders').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  await db.schema
    .createTable('order_lines')
    .$call(id)
    .$call((t) => ref(t, 'order_id', 'orders', { notNull: true, cascade: true }))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .$call((t) => ref(t, 'product_id', 'products', { notNull: true }))
    .addColumn('item_number', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('upc', 'text')
    .addColumn('pack', 'integer', (c) => c.notNull())
    .addColumn('uom', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('crv_cents', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_product_idx').on('order_lines').columns(['product_id', 'order_id']).execute();

  await db.schema
    .createTable('order_status_history')
    .$call(id)
    .$call((t) => ref(t, 'order_id', 'orders', { notNull: true, cascade: true }))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .$call((t) => ref(t, 'created_by_user_id', 'users'))
    .$call((t) => time(t, 'created_at'))
    .execute();
  await db.schema.createIndex('order_status_order_idx').on('order_status_history').column('order_id').execute();

  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .$call(id)
    .$call((t) => ref(t, 'user_id', 'users', { notNull: true, cascade: true }))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .$call((t) => flag(t, 'is_read', 0))
    .$call((t) => flag(t, 'is_deleted', 0))
    .$call((t) => time(t, 'created_at'))
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('push_subscriptions')
    .$call(id)
    .$call((t) => ref(t, 'user_id', 'users', { notNull: true, cascade: true }))
    .$call((t) => ref(t, 'session_id', 'sessions'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('keys', 'text')
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('stories')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('media_url', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .$call((t) => flag(t, 'is_active', 1))
    .$call((t) => ref(t, 'created_by_user_id', 'users'))
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('story_views')
    .$call((t) => ref(t, 'story_id', 'stories', { notNull: true, cascade: true }))
    .$call((t) => ref(t, 'user_id', 'users', { notNull: true, cascade: true }))
    .$call((t) => time(t, 'viewed_at'))
    .addPrimaryKeyConstraint('story_views_pk', ['story_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('support_tickets')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .$call((t) => ref(t, 'customer_id', 'customers'))
    .$call((t) => ref(t, 'user_id', 'users', { notNull: true }))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .$call((t) => time(t, 'created_at'))
    .$call((t) => time(t, 'updated_at'))
    .execute();

  await db.schema
    .createTable('support_messages')
    .$call(id)
    .$call((t) => ref(t, 'ticket_id', 'support_tickets', { notNull: true, cascade: true }))
    .$call((t) => ref(t, 'author_user_id', 'users', { notNull: true }))
    .addColumn('body', 'text', (c) => c.notNull())
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('retailer_requests')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .$call((t) => ref(t, 'customer_id', 'customers'))
    .addColumn('verified_at', 'text')
    .$call((t) => ref(t, 'reviewed_by_user_id', 'users'))
    .addColumn('reviewed_at', 'text')
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('settings')
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .$call((t) => time(t, 'updated_at'))
    .addPrimaryKeyConstraint('settings_pk', ['distributor_id', 'key'])
    .execute();

  await db.schema
    .createTable('policies')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .$call((t) => time(t, 'updated_at'))
    .addUniqueConstraint('policies_kind_uq', ['distributor_id', 'kind'])
    .execute();

  await db.schema
    .createTable('calendar_entries')
    .$call(id)
    .$call((t) => ref(t, 'distributor_id', 'distributors', { notNull: true }))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .$call((t) => time(t, 'starts_at'))
    .addColumn('ends_at', 'text')
    .$call((t) => flag(t, 'all_day', 0))
    .$call((t) => ref(t, 'customer_id', 'customers'))
    .$call((t) => ref(t, 'sales_rep_id', 'sales_reps'))
    .$call((t) => time(t, 'created_at'))
    .execute();

  await db.schema
    .createTable('epick_settings')
    .addColumn('distributor_id', 'text', (c) => c.primaryKey().references('distributors.id'))
    .addColumn('config', 'text', (c) => c.notNull())
    .$call((t) => time(t, 'updated_at'))
    .execute();

  await db.schema
    .createTable('receivable_entries')
    .$call(id)
    .$call((t) => ref(t, 'customer_id', 'customers', { notNull: true }))
    .addColumn('kind', 'text', (c) => c.notNull())
    .$call((t) => ref(t, 'order_id', 'orders'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .$call((t) => time(t, 'created_at'))
    .execute();
  await db.schema
    .createIndex('receivables_customer_idx')
    .on('receivable_entries')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contact_requests')
    .$call(id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .$call((t) => time(t, 'created_at'))
    .execute();

  // Case-insensitive catalogue search: trigram index on PostgreSQL; SQLite gets FTS5 in the catalogue module's migration.
  if (dialect === 'postgres') {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index products_search_trgm_idx on products using gin (search_text public.gin_trgm_ops)`.execute(db);
  }
}
