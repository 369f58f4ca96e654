// Notifications as one message with per-recipient inbox rows (issue 17 §1). 0001 kept one row per user
// (title, description, is_read, is_deleted); now a notification is written once (who sent it, what kind,
// its audience, whether it is scheduled, sent or cancelled) and each recipient gets an inbox row with its
// own read and soft-delete marks, so the office's history counts reads without copying the text per store.
//   notifications            id, distributor, kind, title, body, url, audience type, status, send_at,
//                            sent_at, created_by, created_at, dedupe_key (unique: one reminder or system
//                            event is created once, whichever API instance gets there first)
//   notification_audience    the chosen routes, order days ('1'..'7') or customer ids
//   notification_recipients  (notification, user): is_read, read_at, deleted_at, created_at (= sent_at)
// Indexes: the retailer's list (user, created_at), the office's read counts (notification, is_read), the
// office's history (distributor, send_at) and the job's scan for due scheduled ones (status, send_at).
// The old rows move over: each becomes a sent notification to its one user (order updates as orderStatus
// with a link to the order, the rest as messages). Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

interface OldRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  data: string | null;
  is_read: number;
  is_deleted: number;
  created_at: string;
  distributor_id: string;
  customer_id: string | null;
}

function orderNumberOf(data: string | null): string | null {
  if (!data) return null;
  try {
    const parsed = JSON.parse(data) as { type?: unknown; orderNumber?: unknown };
    return parsed.type === 'order' && (typeof parsed.orderNumber === 'string' || typeof parsed.orderNumber === 'number')
      ? String(parsed.orderNumber)
      : null;
  } catch {
    return null;
  }
}

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('notifications_user_idx').ifExists().execute();
  await db.schema.alterTable('notifications').renameTo('notifications_0001').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('audience_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('send_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .createTable('notification_audience')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('audience_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_audience_pk', ['notification_id', 'audience_value'])
    .execute();
  await db.schema
    .createTable('notification_recipients')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_recipients_pk', ['notification_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('notification_recipients_user_idx')
    .on('notification_recipients')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notification_recipients_read_idx')
    .on('notification_recipients')
    .columns(['notification_id', 'is_read'])
    .execute();
  await db.schema
    .createIndex('notifications_distributor_send_idx')
    .on('notifications')
    .columns(['distributor_id', 'send_at'])
    .execute();
  await db.schema.createIndex('notifications_status_send_idx').on('notifications').columns(['status', 'send_at']).execute();

  const old = (await db
    .selectFrom('notifications_0001 as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select([
      'n.id',
      'n.user_id',
      'n.title',
      'n.description',
      'n.data',
      'n.is_read',
      'n.is_deleted',
      'n.created_at',
      'u.distributor_id',
      'u.customer_id',
    ])
    .execute()) as OldRow[];
  for (let i = 0; i < old.length; i += 200) {
    const batch = old.slice(i, i + 200);
    await db
      .insertInto('notifications')
      .values(
        batch.map((r) => {
          const orderNumber = orderNumberOf(r.data);
          return {
            id: r.id,
            distributor_id: r.distributor_id,
            kind: orderNumber ? 'orderStatus' : 'message',
            title: r.title,
            body: r.description,
            url: orderNumber ? `/retailer/order/details/${orderNumber}` : null,
            audience_type: 'customers',
            status: 'sent',
            send_at: r.created_at,
            sent_at: r.created_at,
            created_by_user_id: null,
            created_at: r.created_at,
            dedupe_key: null,
          };
        }),
      )
      .execute();
    const audience = batch.filter((r) => r.customer_id);
    if (audience.length > 0) {
      await db
        .insertInto('notification_audience')
        .values(audience.map((r) => ({ notification_id: r.id, audience_value: r.customer_id })))
        .execute();
    }
    await db
      .insertInto('notification_recipients')
      .values(
        batch.map((r) => ({
          notification_id: r.id,
          user_id: r.user_id,
          is_read: r.is_read ? 1 : 0,
          read_at: r.is_read ? r.created_at : null,
          deleted_at: r.is_deleted ? r.created_at : null,
          created_at: r.created_at,
        })),
      )
      .execute();
  }
  await db.schema.dropTable('notifications_0001').execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('notification_recipients').ifExists().execute();
  await db.schema.dropTable('notification_audience').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();
}
