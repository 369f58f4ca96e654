// Product imports record when their background job last made progress (heartbeat_at), so an import
// whose job stopped with its server is seen as interrupted. Self-contained: no application imports.
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('product_imports').addColumn('heartbeat_at', 'text').execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('product_imports').dropColumn('heartbeat_at').execute();
}
