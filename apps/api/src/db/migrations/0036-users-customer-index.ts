// A store's users by their store: every order status change tells the store's signed-in users, and
// without this index each such look-up read every user of the installation.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('users_customer_idx').on('users').column('customer_id').execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('users_customer_idx').execute();
}
