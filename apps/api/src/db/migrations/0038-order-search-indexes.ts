// The office's order search on PostgreSQL (SQLite needs neither). Trigram indexes answer which products'
// item number or description contains the text (LIKE '%text%') without reading every product (SQLite
// reads the catalogue's in-memory copy: catalog.service, productIdsContaining). The stores' orders by
// (customer_id, id) let a search's exact count collect the matching order ids from indexes alone.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index products_item_number_trgm_idx on products using gin (lower(item_number) public.gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index products_description_trgm_idx on products using gin (lower(description) public.gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.createIndex('orders_customer_id_idx').on('orders').columns(['customer_id', 'id']).execute();
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema.dropIndex('orders_customer_id_idx').ifExists().execute();
  await sql`drop index if exists products_description_trgm_idx`.execute(db);
  await sql`drop index if exists products_item_number_trgm_idx`.execute(db);
}
