// Per-distributor catalogue versions, stamped on the products they concern, so that every app instance
// can patch its in-memory catalogue (modules/catalog/catalog-snapshot.ts) with only what changed:
//   - catalog_versions.version: bumped by every write to a product's shown columns, its UPCs or its
//     quantity tiers; the product's `version` takes the new value (in the same transaction, so the row
//     lock on catalog_versions orders one distributor's writers and a reader that sees version V sees
//     every product stamped up to V).
//   - catalog_versions.lists_version: bumped by writes to promotions, categories and vendors (small
//     per-distributor lists, read whole).
//   - catalog_deleted: products deleted outright (the office deactivates; imports and tests may delete).
//   - products.stock_changed_at: epoch milliseconds of the last stock change, for the stock refresh.
//     Stock updates (orders) never touch catalog_versions, so orders do not queue behind its row lock.
// Replaces 0002's global catalog_version counter, its FTS5 table and PostgreSQL's trigram search:
// search now runs in JavaScript over the snapshot, the same on both databases.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// Product columns a catalogue answer shows (stock_on_hand aside: it has its own stamp).
const SHOWN = [
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
const PRODUCT_PARTS = ['product_upcs', 'product_qty_discounts'];
const LISTS = ['promotions', 'categories', 'vendors'];

const SQLITE_OLD_TRIGGERS = [
  'products_fts_ai',
  'products_fts_au',
  'products_fts_ad',
  'product_upcs_fts_ai',
  'product_upcs_fts_ad',
  'products_version_ai',
  'products_version_ad',
  'products_version_au',
  ...[...PRODUCT_PARTS, ...LISTS].flatMap((t) => ['i', 'u', 'd'].map((e) => `${t}_version_a${e}`)),
];

const SQLITE_NOW_MS = `cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
const PG_NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  // Old machinery first (0002).
  if (dialect === 'sqlite') {
    for (const t of SQLITE_OLD_TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists products_fts`.execute(db);
  } else {
    await sql`drop trigger if exists product_upcs_search_text_aiud on product_upcs`.execute(db);
    await sql`drop trigger if exists products_search_text_biu on products`.execute(db);
    await sql`drop function if exists product_upcs_search_text()`.execute(db);
    await sql`drop function if exists products_search_text()`.execute(db);
    await sql`drop trigger if exists products_version_aiud on products`.execute(db);
    for (const t of [...PRODUCT_PARTS, ...LISTS]) await sql.raw(`drop trigger if exists ${t}_version_aiud on ${t}`).execute(db);
    await sql`drop function if exists bump_catalog_version()`.execute(db);
    await sql`drop index if exists products_search_trgm_idx`.execute(db);
  }
  await db.schema.dropTable('catalog_version').ifExists().execute();

  await db.schema
    .createTable('catalog_versions')
    .addColumn('distributor_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lists_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into catalog_versions (distributor_id, version, lists_version) select id, 1, 1 from distributors`.execute(db);
  await db.schema
    .createTable('catalog_deleted')
    .addColumn('distributor_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('catalog_deleted_dist_version_idx')
    .on('catalog_deleted')
    .columns(['distributor_id', 'version'])
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('stock_changed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('products_dist_version_idx').on('products').columns(['distributor_id', 'version']).execute();
  await db.schema.createIndex('products_dist_stock_idx').on('products').columns(['distributor_id', 'stock_changed_at']).execute();

  if (dialect === 'sqlite') {
    const bump = (d: string) =>
      `insert or ignore into catalog_versions (distributor_id) values (${d});
       update catalog_versions set version = version + 1 where distributor_id = ${d};`;
    const stamp = (where: string) =>
      `update products set version = (select cv.version from catalog_versions cv where cv.distributor_id = products.distributor_id) where ${where};`;
    await sql
      .raw(
        `create trigger products_catalog_ai after insert on products begin ${bump('new.distributor_id')} ${stamp('rowid = new.rowid')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_catalog_au after update of ${SHOWN} on products begin ${bump('new.distributor_id')} ${stamp('rowid = new.rowid')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_catalog_ad after delete on products begin ${bump('old.distributor_id')}
           insert into catalog_deleted (distributor_id, product_id, version)
             select old.distributor_id, old.id, version from catalog_versions where distributor_id = old.distributor_id;
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger products_stock_au after update of stock_on_hand on products begin
           update products set stock_changed_at = ${SQLITE_NOW_MS} where rowid = new.rowid;
         end`,
      )
      .execute(db);
    for (const table of PRODUCT_PARTS) {
      for (const [event, rows] of [
        ['insert', ['new']],
        ['update', ['old', 'new']],
        ['delete', ['old']],
      ] as const) {
        const body = rows
          .map((r) => {
            const d = `(select distributor_id from products where id = ${r}.product_id)`;
            return `${bump(d)} ${stamp(`id = ${r}.product_id`)}`;
          })
          .join('\n');
        await sql.raw(`create trigger ${table}_catalog_a${event[0]} after ${event} on ${table} begin ${body} end`).execute(db);
      }
    }
    for (const table of LISTS) {
      for (const [event, rows] of [
        ['insert', ['new']],
        ['update', ['old', 'new']],
        ['delete', ['old']],
      ] as const) {
        const body = rows
          .map(
            (r) => `insert or ignore into catalog_versions (distributor_id) values (${r}.distributor_id);
                    update catalog_versions set lists_version = lists_version + 1 where distributor_id = ${r}.distributor_id;`,
          )
          .join('\n');
        await sql.raw(`create trigger ${table}_catalog_a${event[0]} after ${event} on ${table} begin ${body} end`).execute(db);
      }
    }
    return;
  }

  await sql
    .raw(
      `create or replace function catalog_bump(d text) returns bigint language sql as $$
         insert into catalog_versions as cv (distributor_id, version, lists_version) values (d, 1, 0)
         on conflict (distributor_id) do update set version = cv.version + 1
         returning version $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function products_catalog_stamp() returns trigger language plpgsql as $$
       begin new.version := catalog_bump(new.distributor_id); return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_catalog_biu before insert or update of ${SHOWN} on products
       for each row execute function products_catalog_stamp()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function products_catalog_deleted() returns trigger language plpgsql as $$
       begin
         insert into catalog_deleted (distributor_id, product_id, version) values (old.distributor_id, old.id, catalog_bump(old.distributor_id));
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger products_catalog_ad after delete on products for each row execute function products_catalog_deleted()`)
    .execute(db);
  await sql
    .raw(
      `create or replace function products_stock_stamp() returns trigger language plpgsql as $$
       begin new.stock_changed_at := ${PG_NOW_MS}; return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_stock_bu before update of stock_on_hand on products for each row execute function products_stock_stamp()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function catalog_part_changed() returns trigger language plpgsql as $$
       begin
         if tg_op <> 'INSERT' then
           update products set version = catalog_bump(distributor_id) where id = old.product_id;
         end if;
         if tg_op <> 'DELETE' then
           update products set version = catalog_bump(distributor_id) where id = new.product_id;
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of PRODUCT_PARTS)
    await sql
      .raw(
        `create trigger ${table}_catalog_aiud after insert or update or delete on ${table} for each row execute function catalog_part_changed()`,
      )
      .execute(db);
  await sql
    .raw(
      `create or replace function catalog_list_changed() returns trigger language plpgsql as $$
       begin
         insert into catalog_versions as cv (distributor_id, version, lists_version)
           values (case when tg_op = 'DELETE' then old.distributor_id else new.distributor_id end, 0, 1)
           on conflict (distributor_id) do update set lists_version = cv.lists_version + 1;
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of LISTS)
    await sql
      .raw(
        `create trigger ${table}_catalog_aiud after insert or update or delete on ${table} for each row execute function catalog_list_changed()`,
      )
      .execute(db);
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const t of [
      'products_catalog_ai',
      'products_catalog_au',
      'products_catalog_ad',
      'products_stock_au',
      ...[...PRODUCT_PARTS, ...LISTS].flatMap((t) => ['i', 'u', 'd'].map((e) => `${t}_catalog_a${e}`)),
    ])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  } else {
    await sql`drop trigger if exists products_catalog_biu on products`.execute(db);
    await sql`drop trigger if exists products_catalog_ad on products`.execute(db);
    await sql`drop trigger if exists products_stock_bu on products`.execute(db);
    for (const t of PRODUCT_PARTS) await sql.raw(`drop trigger if exists ${t}_catalog_aiud on ${t}`).execute(db);
    for (const t of LISTS) await sql.raw(`drop trigger if exists ${t}_catalog_aiud on ${t}`).execute(db);
    for (const f of [
      'products_catalog_stamp',
      'products_catalog_deleted',
      'products_stock_stamp',
      'catalog_part_changed',
      'catalog_list_changed',
    ])
      await sql.raw(`drop function if exists ${f}()`).execute(db);
    await sql`drop function if exists catalog_bump(text)`.execute(db);
  }
  for (const i of ['products_dist_version_idx', 'products_dist_stock_idx']) await db.schema.dropIndex(i).ifExists().execute();
  await db.schema.alterTable('products').dropColumn('stock_changed_at').execute();
  await db.schema.alterTable('products').dropColumn('version').execute();
  await db.schema.dropTable('catalog_deleted').ifExists().execute();
  await db.schema.dropTable('catalog_versions').ifExists().execute();
}
