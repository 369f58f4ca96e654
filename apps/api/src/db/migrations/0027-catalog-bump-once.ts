// PostgreSQL: one catalogue version per distributor and transaction (0006 took one per row written).
// A transaction that wrote a thousand rows updated the one catalog_versions row a thousand times or
// more (each UPDATE, UPC and tier bumps it), and PostgreSQL finds the row's newest version by walking
// every version this transaction left behind: quadratic, seconds for one import batch, all of it
// holding the row's lock that every other catalogue writer waits for. Now the first bump of a
// transaction takes the next version and keeps it in a transaction-local setting; later bumps of the
// same transaction return it. Readers lose nothing: they patch everything stamped after the version
// they hold (catalog.repository.ts), and a version is visible only once its whole transaction committed.
// The lists version likewise moves once per transaction. SQLite (one writer, no row versions) keeps 0006.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  // current_setting(…, true) is null before the first set in a session and '' after a local one ended.
  await sql
    .raw(
      `create or replace function catalog_bump(d text) returns bigint language plpgsql as $$
       declare
         key text := 'catalog.v_' || md5(d);
         taken text := current_setting(key, true);
         v bigint;
       begin
         if taken is not null and taken <> '' then return taken::bigint; end if;
         insert into catalog_versions as cv (distributor_id, version, lists_version) values (d, 1, 0)
           on conflict (distributor_id) do update set version = cv.version + 1
           returning version into v;
         perform set_config(key, v::text, true);
         return v;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function catalog_list_changed() returns trigger language plpgsql as $$
       declare
         d text := case when tg_op = 'DELETE' then old.distributor_id else new.distributor_id end;
         key text := 'catalog.l_' || md5(d);
       begin
         if coalesce(current_setting(key, true), '') <> '' then return null; end if;
         insert into catalog_versions as cv (distributor_id, version, lists_version) values (d, 0, 1)
           on conflict (distributor_id) do update set lists_version = cv.lists_version + 1;
         perform set_config(key, '1', true);
         return null;
       end $$`,
    )
    .execute(db);
}
