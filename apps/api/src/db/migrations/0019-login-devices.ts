// Login devices (issue 16 §2): the devices each user has signed in from, so that a sign-in from one
// never seen for that user is marked new on its session; and the index the office's list of live
// sessions reads (newest use first). A device is its x-device-id, or without one its name and user
// agent (see modules/devices deviceKey). Devices of sessions signed in before this migration count as
// seen, so existing users' devices are not all marked new.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_key'])
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('is_new_device', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sessions_last_seen_idx').on('sessions').column('last_seen_at').execute();

  // The same key as deviceKey() in the application: the device id, else name and user agent.
  await sql`
    insert into user_devices (user_id, device_key, first_seen_at)
    select user_id, key, min(created_at) from (
      select user_id, created_at,
        case when device_id is not null and device_id <> '' then 'id:' || device_id
             else 'ua:' || coalesce(device_name, '') || '|' || coalesce(user_agent, '') end as key
      from sessions
    ) s
    group by user_id, key
  `.execute(db);
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('sessions_last_seen_idx').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('is_new_device').execute();
  await db.schema.dropTable('user_devices').ifExists().execute();
}
