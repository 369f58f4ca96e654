// Support tickets as threads (issue 16 §3), on the tables 0001 made: a per-distributor ticket number, a
// category, the staff user it is assigned to, who wrote last and how many messages (the lists read them
// without joining the thread), when it was resolved; each message's side (store or staff); and the
// files attached to messages (stored in the media storage under private keys, served only through the
// ticket's routes). Indexes for the store's list, the office's list and a thread.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  const tickets = () => db.schema.alterTable('support_tickets');
  await tickets()
    .addColumn('number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await tickets()
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
  await tickets()
    .addColumn('assignee_user_id', 'text', (c) => c.references('users.id'))
    .execute();
  await tickets()
    .addColumn('last_side', 'text', (c) => c.notNull().defaultTo('store'))
    .execute();
  await tickets()
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await tickets().addColumn('resolved_at', 'text').execute();
  await db.schema
    .alterTable('support_messages')
    .addColumn('side', 'text', (c) => c.notNull().defaultTo('store'))
    .execute();

  await db.schema
    .createTable('support_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('uploaded_by_user_id', 'text', (c) => c.notNull().references('users.id'))
    // null until a message takes it (an upload comes before the message that carries it)
    .addColumn('ticket_id', 'text', (c) => c.references('support_tickets.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.references('support_messages.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('support_tickets_number_uq')
    .on('support_tickets')
    .columns(['distributor_id', 'number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('support_tickets_office_idx')
    .on('support_tickets')
    .columns(['distributor_id', 'status', 'updated_at'])
    .execute();
  await db.schema.createIndex('support_tickets_store_idx').on('support_tickets').columns(['customer_id', 'updated_at']).execute();
  await db.schema
    .createIndex('support_messages_thread_idx')
    .on('support_messages')
    .columns(['ticket_id', 'created_at'])
    .execute();
  await db.schema.createIndex('support_attachments_message_idx').on('support_attachments').column('message_id').execute();
  await db.schema
    .createIndex('support_attachments_uploader_idx')
    .on('support_attachments')
    .columns(['uploaded_by_user_id', 'message_id'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const index of [
    'support_attachments_uploader_idx',
    'support_attachments_message_idx',
    'support_messages_thread_idx',
    'support_tickets_store_idx',
    'support_tickets_office_idx',
    'support_tickets_number_uq',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable('support_attachments').ifExists().execute();
  await db.schema.alterTable('support_messages').dropColumn('side').execute();
  for (const column of ['resolved_at', 'message_count', 'last_side', 'assignee_user_id', 'category', 'number']) {
    await db.schema.alterTable('support_tickets').dropColumn(column).execute();
  }
}
