// Notifications by e-mail (issue 17): beside each kind's push switch (`enabled`), whether the kind also
// comes by e-mail to the user's address. Off unless the user switches it on.
// Self-contained: no application imports.
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('push_preferences')
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('push_preferences').dropColumn('email').execute();
}
