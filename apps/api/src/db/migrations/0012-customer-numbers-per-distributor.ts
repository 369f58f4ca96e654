// C_Numbers are unique per distributor (0011's index on distributor_id, c_number), not across the
// database as 0001 declared them (UNIQUE inline on the column): a second distributor may number its
// stores as it likes, and a taken C_Number no longer tells one distributor about another's stores.
// PostgreSQL drops the constraint; SQLite rebuilds the customers table (sqlite-rebuild.ts).
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';
import { dropColumnUnique, rebuildSqliteTable } from './sqlite-rebuild.ts';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const INLINE_UNIQUE = /("c_number"\s+text\s+not null)\s+unique/i;
const PLAIN = /("c_number"\s+text\s+not null)(?!\s+unique)/i;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  await dropColumnUnique(db, dialect, 'customers', 'c_number', INLINE_UNIQUE);
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  // Back to one C_Number across the database, declared as 0001 did.
  if (dialect === 'postgres') {
    await sql`alter table customers add constraint customers_c_number_key unique (c_number)`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'customers', (table) => table.replace(PLAIN, '$1 unique'));
  }
}
