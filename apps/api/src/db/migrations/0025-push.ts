// Web Push (issue 17): browsers' push subscriptions, each retailer's choice of which kinds come by push,
// and the queue the push worker sends from. The queue lives in the database so that it works on SQLite
// alone and is shared by every API instance on one PostgreSQL (jobs are claimed atomically, see
// modules/push/push.repository.ts). Replaces 0001's push_subscriptions, which nothing wrote.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The session that sent it: signing that device out (devices module) deletes the subscription.
    .addColumn('session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session_idx').on('push_subscriptions').column('session_id').execute();

  // One row per kind the user switched; a kind without a row is on.
  await db.schema
    .createTable('push_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_preferences_pk', ['user_id', 'kind'])
    .execute();

  // One job per (push, subscription). status: queued → sending (claimed) → sent | failed | gone | dropped.
  await db.schema
    .createTable('push_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.references('push_subscriptions.id').onDelete('set null'))
    .addColumn('notification_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('claim_token', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('push_jobs_due_idx').on('push_jobs').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('push_jobs_subscription_idx').on('push_jobs').column('subscription_id').execute();
  await db.schema.createIndex('push_jobs_finished_idx').on('push_jobs').column('finished_at').execute();

  // Subscriptions that accepted each notification's push (the office's history), kept after the jobs are pruned.
  await db.schema
    .createTable('push_delivered')
    .addColumn('notification_id', 'text', (c) => c.primaryKey())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  for (const table of ['push_delivered', 'push_jobs', 'push_preferences', 'push_subscriptions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  // 0001's shape, so that migrating down and up again works.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.references('sessions.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('keys', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
