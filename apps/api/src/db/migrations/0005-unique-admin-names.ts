// Vendor names are unique per distributor and category names among their siblings, letter case aside.
// The services check first for a clear message; these indexes make it hold when two requests race.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('vendors_name_unique')
    .on('vendors')
    .unique()
    .columns(['distributor_id'])
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createIndex('categories_name_unique')
    .on('categories')
    .unique()
    .columns(['distributor_id'])
    .expression(sql`coalesce(parent_id, '')`)
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('categories_name_unique').ifExists().execute();
  await db.schema.dropIndex('vendors_name_unique').ifExists().execute();
}
