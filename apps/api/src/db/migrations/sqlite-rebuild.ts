// SQLite's 12-step table rebuild (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of
// Table Schema Changes"), for the schema changes ALTER TABLE cannot make, such as dropping an inline
// UNIQUE: foreign keys off, one transaction, the new table created from the old one's own definition
// as changed by `define`, rows copied with their rowids, the old table dropped and the new one renamed,
// then every index and trigger that was on it, and every trigger or view elsewhere that names it,
// created again from the definitions saved before (read from the schema, not listed by hand), the
// foreign keys checked, committed. Shared by migrations only; no application imports.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Drops a one-column unique constraint: in place on PostgreSQL, by a rebuild on SQLite, where it is
 * declared inline (`inline` matches the column's definition with its UNIQUE, group 1 without it). */
export async function dropColumnUnique(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  table: string,
  column: string,
  inline: RegExp,
): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select c.conname as name from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.conrelid = ${table}::regclass and c.contype = 'u' and a.attname = ${column}
        and array_length(c.conkey, 1) = 1`.execute(db);
    for (const { name } of rows) await sql`alter table ${sql.id(table)} drop constraint ${sql.id(name)}`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, table, (definition) => {
    if (!inline.test(definition)) throw new Error(`${table}.${column}: inline UNIQUE not found`);
    return definition.replace(inline, '$1');
  });
}

export async function rebuildSqliteTable(db: Db, table: string, define: (definition: string) => string): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`rebuildSqliteTable: bad table name ${table}`);
  const rebuilt = `${table}_new`;
  // Outside any transaction (SQLite ignores it inside one); Kysely runs SQLite migrations without one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const definition = (
        await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(trx)
      ).rows[0]!.sql;
      const created = define(definition).replace(new RegExp(`^create table\\s+"?${table}"?`, 'i'), `create table "${rebuilt}"`);

      // Everything that goes with the old table, or names it, to be created again after the rename.
      const dependents = (
        await sql<{ type: string; name: string; tbl_name: string; sql: string }>`
          select type, name, tbl_name, sql from sqlite_schema
          where sql is not null and (
            (tbl_name = ${table} and type in ('index', 'trigger'))
            or (type in ('trigger', 'view') and tbl_name <> ${table} and sql like ${`%${table}%`}))
          order by rowid`.execute(trx)
      ).rows;
      const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(trx)).rows
        .map((c) => `"${c.name}"`)
        .join(', ');

      await sql.raw(created).execute(trx);
      await sql.raw(`insert into "${rebuilt}" (rowid, ${columns}) select rowid, ${columns} from "${table}"`).execute(trx);
      for (const d of dependents.filter((d) => d.tbl_name !== table)) {
        await sql.raw(`drop ${d.type} "${d.name}"`).execute(trx);
      }
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(trx);
      for (const d of dependents) await sql.raw(d.sql).execute(trx);

      const broken = (await sql`pragma foreign_key_check`.execute(trx)).rows;
      if (broken.length) throw new Error(`${table} rebuild: ${broken.length} foreign key problems`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
