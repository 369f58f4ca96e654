// Catalogue search kept by the database itself, so every writer (admin, import, seed) is indexed:
//   SQLite: a contentless FTS5 table over description, brand, item number and UPCs, kept by triggers.
//   PostgreSQL: products.search_text (trigram-indexed in 0001) recomputed by a trigger from the same fields.
// Plus the indexes the catalogue's sorts and facets read, and catalog_version: a counter every change
// to what the catalogue shows bumps (not stock counts), so search results can be cached safely.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const SQLITE_BODY = (p: string) =>
  `coalesce(${p}.description, '') || ' ' || coalesce(${p}.brand, '') || ' ' || ${p}.item_number || ' ' || ` +
  `coalesce((select group_concat(u.upc, ' ') from product_upcs u where u.product_id = ${p}.id), '')`;

// Product columns whose change alters a catalogue answer: all but stock_on_hand (overlaid fresh per request).
const PRODUCT_SHOWN_COLUMNS = [
  'id',
  'distributor_id',
  'item_number',
  'description',
  'brand',
  'category_id',
  'subcategory_id',
  'vendor_id',
  'sales_category',
  'pack',
  'case_count',
  'uom',
  'unit_ounces',
  'size',
  'price1_cents',
  'price2_cents',
  'price3_cents',
  'price4_cents',
  'price5_cents',
  'tax_rate_bp',
  'crv_cents',
  'allow_backorder',
  'low_stock_threshold',
  'show_inventory_stock',
  'show_low_stock',
  'show_without_price',
  'allow_to_order',
  'show_inventory_stock_to_sales',
  'show_low_stock_to_sales',
  'show_without_price_to_sales',
  'allow_to_order_sales',
  'product_limit',
  'is_new_item',
  'show_distributor_image',
  'distributor_image_url',
  'master_image_url',
  'is_active',
  'created_at',
].join(', ');
const VERSIONED_TABLES = ['product_upcs', 'product_qty_discounts', 'promotions', 'categories', 'vendors'];

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, value) values (1, 1)`.execute(db);
  await db.schema
    .createIndex('products_dist_brand_idx')
    .on('products')
    .columns(['distributor_id', 'is_active', 'brand'])
    .execute();
  await db.schema.createIndex('products_dist_created_idx').on('products').columns(['distributor_id', 'created_at']).execute();
  await db.schema
    .createIndex('products_dist_facets_idx')
    .on('products')
    .columns(['distributor_id', 'is_active', 'category_id', 'brand'])
    .execute();
  await db.schema.createIndex('promotions_kind_idx').on('promotions').columns(['distributor_id', 'kind', 'is_active']).execute();
  await db.schema.createIndex('orders_dist_created_idx').on('orders').columns(['distributor_id', 'created_at']).execute();

  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create virtual table products_fts using fts5(body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
      )
      .execute(db);
    await sql.raw(`insert into products_fts(rowid, body) select p.rowid, ${SQLITE_BODY('p')} from products p`).execute(db);
    await sql
      .raw(
        `create trigger products_fts_ai after insert on products begin
           insert into products_fts(rowid, body) select p.rowid, ${SQLITE_BODY('p')} from products p where p.rowid = new.rowid;
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_fts_au after update of description, brand, item_number on products begin
           delete from products_fts where rowid = old.rowid;
           insert into products_fts(rowid, body) select p.rowid, ${SQLITE_BODY('p')} from products p where p.rowid = new.rowid;
         end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger products_fts_ad after delete on products begin delete from products_fts where rowid = old.rowid; end`)
      .execute(db);
    const bump = 'update catalog_version set value = value + 1 where id = 1;';
    await sql.raw(`create trigger products_version_ai after insert on products begin ${bump} end`).execute(db);
    await sql.raw(`create trigger products_version_ad after delete on products begin ${bump} end`).execute(db);
    await sql
      .raw(`create trigger products_version_au after update of ${PRODUCT_SHOWN_COLUMNS} on products begin ${bump} end`)
      .execute(db);
    for (const table of VERSIONED_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`create trigger ${table}_version_a${event[0]} after ${event} on ${table} begin ${bump} end`).execute(db);
      }
    }
    for (const [event, row] of [
      ['insert', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger product_upcs_fts_a${event[0]} after ${event} on product_upcs begin
             delete from products_fts where rowid = (select rowid from products where id = ${row}.product_id);
             insert into products_fts(rowid, body) select p.rowid, ${SQLITE_BODY('p')} from products p where p.id = ${row}.product_id;
           end`,
        )
        .execute(db);
    }
    return;
  }

  await sql
    .raw(
      `create or replace function products_search_text() returns trigger language plpgsql as $$
       begin
         new.search_text := lower(concat_ws(' ', new.description, new.brand, new.item_number,
           (select string_agg(u.upc, ' ') from product_upcs u where u.product_id = new.id)));
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_search_text_biu before insert or update of description, brand, item_number, search_text on products
       for each row execute function products_search_text()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function product_upcs_search_text() returns trigger language plpgsql as $$
       begin
         -- Touching search_text makes the products trigger recompute it with the current UPCs.
         update products set search_text = '' where id = coalesce(new.product_id, old.product_id);
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger product_upcs_search_text_aiud after insert or update or delete on product_upcs for each row execute function product_upcs_search_text()`,
    )
    .execute(db);
  await sql`update products set search_text = ''`.execute(db);
  await sql
    .raw(
      `create or replace function bump_catalog_version() returns trigger language plpgsql as $$
       begin update catalog_version set value = value + 1 where id = 1; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_version_aiud after insert or delete or update of ${PRODUCT_SHOWN_COLUMNS} on products for each statement execute function bump_catalog_version()`,
    )
    .execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql
      .raw(
        `create trigger ${table}_version_aiud after insert or update or delete on ${table} for each statement execute function bump_catalog_version()`,
      )
      .execute(db);
  }
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const versionTriggers = [
      'products_version_ai',
      'products_version_ad',
      'products_version_au',
      ...VERSIONED_TABLES.flatMap((t) => ['i', 'u', 'd'].map((e) => `${t}_version_a${e}`)),
    ];
    for (const t of [
      'products_fts_ai',
      'products_fts_au',
      'products_fts_ad',
      'product_upcs_fts_ai',
      'product_upcs_fts_ad',
      ...versionTriggers,
    ])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists products_fts`.execute(db);
  } else {
    await sql`drop trigger if exists product_upcs_search_text_aiud on product_upcs`.execute(db);
    await sql`drop trigger if exists products_search_text_biu on products`.execute(db);
    await sql`drop function if exists product_upcs_search_text()`.execute(db);
    await sql`drop function if exists products_search_text()`.execute(db);
    await sql`drop trigger if exists products_version_aiud on products`.execute(db);
    for (const t of VERSIONED_TABLES) await sql.raw(`drop trigger if exists ${t}_version_aiud on ${t}`).execute(db);
    await sql`drop function if exists bump_catalog_version()`.execute(db);
  }
  await db.schema.dropTable('catalog_version').ifExists().execute();
  for (const i of [
    'products_dist_brand_idx',
    'products_dist_created_idx',
    'products_dist_facets_idx',
    'promotions_kind_idx',
    'orders_dist_created_idx',
  ])
    await db.schema.dropIndex(i).ifExists().execute();
}
