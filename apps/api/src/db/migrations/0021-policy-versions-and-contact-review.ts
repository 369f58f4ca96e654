// Issue 16 §3–§4: every save of a policy text kept as a numbered version (who, when, the text), contact
// requests reviewed in the office (handled, or converted into a sign-up request), and the sender an
// outbox e-mail goes out as (the distributor's e-mail sender setting, copied in when it is queued).
// Existing policy texts become version 1 of their kind, with no author (they predate versioning).
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('policy_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One number per save of a kind: two concurrent saves cannot both become version n.
    .addUniqueConstraint('policy_versions_number_uq', ['distributor_id', 'kind', 'version'])
    .execute();
  await db.schema
    .alterTable('policies')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`insert into policy_versions (id, distributor_id, kind, version, title, body, created_by_user_id, created_by_name, created_at)
    select id, distributor_id, kind, 1, title, body, null, null, updated_at from policies`.execute(db);

  await db.schema
    .alterTable('contact_requests')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('contact_requests').addColumn('handled_by_user_id', 'text').execute();
  await db.schema.alterTable('contact_requests').addColumn('handled_at', 'text').execute();
  await db.schema.alterTable('contact_requests').addColumn('retailer_request_id', 'text').execute();
  await db.schema.alterTable('contact_requests').addColumn('ticket_id', 'text').execute();
  // The office's list: one distributor's requests by status, newest first.
  await db.schema
    .createIndex('contact_requests_queue_idx')
    .on('contact_requests')
    .columns(['distributor_id', 'status', 'created_at'])
    .execute();

  await db.schema.alterTable('outbox_messages').addColumn('sender', 'text').execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('sender').execute();
  await db.schema.dropIndex('contact_requests_queue_idx').ifExists().execute();
  for (const column of ['ticket_id', 'retailer_request_id', 'handled_at', 'handled_by_user_id', 'status']) {
    await db.schema.alterTable('contact_requests').dropColumn(column).execute();
  }
  await db.schema.alterTable('policies').dropColumn('version').execute();
  await db.schema.dropTable('policy_versions').ifExists().execute();
}
