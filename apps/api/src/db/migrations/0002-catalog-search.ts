// Catalogue search kept by the database itself, so every writer (admin, import, seed) is indexed:
//   SQLite: a contentless FTS5 table over description, brand, item number and UPCs, kept by triggers.
//   PostgreSQL: products.search_text (trigram-indexed in 0001) recomputed by a trigger from the same fields.
// Plus the indexes the catalogue's sorts and facets read. Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const SQLITE_BODY = (p: string) =>
  `coalesce(${p}.description, '') || ' ' || coalesce(${p}.brand, '') || ' ' || ${p}.item_number || ' ' || ` +
  `coalesce((select group_concat(u.upc, ' ') from product_upcs u where u.product_id = ${p}.id), '')`;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.createIndex('products_dist_created_idx').on('products').columns(['distributor_id', 'created_at']).execute();
  await db.schema.createIndex('products_dist_facets_idx').on('products').columns(['distributor_id', 'is_active', 'category_id', 'brand']).execute();
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
    await sql.raw(`create trigger products_fts_ad after delete on products begin delete from products_fts where rowid = old.rowid; end`).execute(db);
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
    .raw(`create trigger product_upcs_search_text_aiud after insert or update or delete on product_upcs for each row execute function product_upcs_search_text()`)
    .execute(db);
  await sql`update products set search_text = ''`.execute(db);
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const t of ['products_fts_ai', 'products_fts_au', 'products_fts_ad', 'product_upcs_fts_ai', 'product_upcs_fts_ad']) await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`drop table if exists products_fts`.execute(db);
  } else {
    await sql`drop trigger if exists product_upcs_search_text_aiud on product_upcs`.execute(db);
    await sql`drop trigger if exists products_search_text_biu on products`.execute(db);
    await sql`drop function if exists product_upcs_search_text()`.execute(db);
    await sql`drop function if exists products_search_text()`.execute(db);
  }
  for (const i of ['products_dist_created_idx', 'products_dist_facets_idx', 'promotions_kind_idx', 'orders_dist_created_idx']) await db.schema.dropIndex(i).ifExists().execute();
}
