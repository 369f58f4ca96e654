// Contact requests learn where they came from: the distributor they were sent to, and for a
// signed-in retailer's message the store and user (null for the public /contact-us form), plus
// the store name the sender typed. Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable('contact_requests')
    .addColumn('distributor_id', 'text', (c) => c.references('distributors.id'))
    .execute();
  await db.schema
    .alterTable('contact_requests')
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .execute();
  await db.schema
    .alterTable('contact_requests')
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('contact_requests').addColumn('store_name', 'text').execute();
  await db.schema
    .createIndex('contact_requests_distributor_idx')
    .on('contact_requests')
    .columns(['distributor_id', 'created_at'])
    .execute();
}
