// Sign-up requests reviewed in the office (issue 15 §2): the reason a request was rejected (the
// applicant receives it), who added a request in the office (null: it came from /auth/signup), when it
// last changed, and the index the queue reads (one distributor's requests by status, newest first).
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('retailer_requests').addColumn('reject_reason', 'text').execute();
  await db.schema
    .alterTable('retailer_requests')
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('retailer_requests').addColumn('updated_at', 'text').execute();
  await db.schema
    .createIndex('retailer_requests_queue_idx')
    .on('retailer_requests')
    .columns(['distributor_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('retailer_requests_queue_idx').ifExists().execute();
  for (const column of ['updated_at', 'created_by_user_id', 'reject_reason']) {
    await db.schema.alterTable('retailer_requests').dropColumn(column).execute();
  }
}
