// Drops orders_created_idx (created_at alone): every query over orders by time also names the
// distributor, which orders_dist_created_idx (distributor_id, created_at) serves, and each index is
// one more B-tree written by every order placed. Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('orders_created_idx').ifExists().execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
}
