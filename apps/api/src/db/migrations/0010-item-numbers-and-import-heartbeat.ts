// Two changes:
// 1. Item numbers are unique per distributor, not across the database (0001 declared the column
//    UNIQUE inline). PostgreSQL drops that constraint; SQLite cannot drop an inline constraint, so the
//    products table is rebuilt by SQLite's 12-step procedure (https://www.sqlite.org/lang_altertable.html,
//    "Making Other Kinds Of Table Schema Changes"): foreign keys off, one transaction, the new table
//    created from the old one's own definition less the inline UNIQUE, rows copied with their rowids
//    (kept as they were, in case anything is keyed by them), the old table dropped, the new one
//    renamed, then every index and trigger that was on it, and every trigger or view elsewhere that
//    names it, created again from the definitions saved before (0001, 0002, 0006 and any later
//    migration: read from the schema, not listed by hand), the foreign keys checked, committed.
//    The new unique index leads with item_number, so lookups by item number alone keep an index.
// 2. Product imports record when their background job last made progress (heartbeat_at), so an import
//    whose job stopped with its server is seen as interrupted.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';
import { dropColumnUnique, rebuildSqliteTable } from './sqlite-rebuild.ts';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const UNIQUE_INDEX = 'products_item_number_distributor_key';

const INLINE_UNIQUE = /("item_number"\s+text\s+not null)\s+unique/i;
const PLAIN = /("item_number"\s+text\s+not null)(?!\s+unique)/i;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('product_imports').addColumn('heartbeat_at', 'text').execute();

  await dropColumnUnique(db, dialect, 'products', 'item_number', INLINE_UNIQUE);
  await sql`create unique index ${sql.id(UNIQUE_INDEX)} on products (item_number, distributor_id)`.execute(db);
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  // Back to one item number across the database, declared as 0001 did.
  await sql`drop index ${sql.id(UNIQUE_INDEX)}`.execute(db);
  if (dialect === 'postgres') {
    await sql`alter table products add constraint products_item_number_key unique (item_number)`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'products', (table) => table.replace(PLAIN, '$1 unique'));
  }
  await db.schema.alterTable('product_imports').dropColumn('heartbeat_at').execute();
}
