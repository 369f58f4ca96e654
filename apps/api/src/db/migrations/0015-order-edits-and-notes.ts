// Order edits before picking and the notes between staff and the store (issue 15 §4):
// orders.revision counts the office's edits of an order's lines (0: as placed; the PDF shows "Revision N"
// from 1), and order_notes holds the thread of one order, written by staff (side 'staff') or the store
// ('store'), oldest first. Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_side', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order_idx').on('order_notes').columns(['order_id', 'created_at']).execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('order_notes').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('revision').execute();
}
