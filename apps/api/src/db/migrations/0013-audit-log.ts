// The audit log (issue 15 §4): who changed which admin record, when, and the fields before and after.
// One table for every kind of record; entity_type names the owning module's record ('customer', 'order', …).
// The actor's name is copied in, so the log shows who acted even after that user is renamed or removed.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('changes_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A record's trail, newest first (ids are time-ordered UUIDv7).
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['distributor_id', 'entity_type', 'entity_id', 'id'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
