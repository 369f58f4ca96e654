// The benchmark's PostgreSQL database: a database of its own on the server named by --database-url
// (never the tests' `test` database), migrated and seeded with the project's generator, dropped at
// the end. With --seed-cache the seeded database is kept as a template named after the dataset key,
// and each run starts from a copy of it (CREATE DATABASE … TEMPLATE, a file copy in the server).
import pg from 'pg';
import { createDb } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { seedDataset, type DatasetSizes } from '../../apps/api/src/db/seed/seed-dataset.ts';
import { datasetKey, type SeededDatabase } from './dataset.ts';

export interface BenchPostgres extends SeededDatabase {
  /** The run's database, for the servers' DATABASE_URL and the benchmark's own connections. */
  url: string;
  drop(): Promise<void>;
}

const withDatabase = (serverUrl: string, name: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function seedInto(url: string, sizes: DatasetSizes) {
  const db = createDb({ kind: 'postgres', url });
  try {
    await migrateToLatest(db, 'postgres');
    return await seedDataset(db, sizes);
  } finally {
    await db.destroy();
  }
}

export async function preparePostgres(serverUrl: string, sizes: DatasetSizes, cache: boolean): Promise<BenchPostgres> {
  const started = Date.now();
  const name = `portal_bench_run_${process.pid}`;
  const url = withDatabase(serverUrl, name);
  let fromCache = false;
  let summary: SeededDatabase['summary'];
  await admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  if (cache) {
    const template = `portal_bench_seed_${datasetKey(sizes)}`;
    const exists = await admin(
      serverUrl,
      async (c) => (await c.query('select 1 from pg_database where datname = $1', [template])).rowCount,
    );
    if (!exists) {
      const partial = `${template}_partial`;
      await admin(serverUrl, async (c) => {
        await c.query(`drop database if exists ${partial} with (force)`);
        await c.query(`create database ${partial}`);
      });
      const { milliseconds: _ms, ...counts } = await seedInto(withDatabase(serverUrl, partial), sizes);
      summary = counts;
      await admin(serverUrl, (c) => c.query(`alter database ${partial} rename to ${template}`));
    } else fromCache = true;
    await admin(serverUrl, (c) => c.query(`create database ${name} template ${template}`));
  } else {
    await admin(serverUrl, (c) => c.query(`create database ${name}`));
    const { milliseconds: _ms, ...counts } = await seedInto(url, sizes);
    summary = counts;
  }
  // Fresh statistics for the planner and a visibility map, as autovacuum keeps them in a long-running
  // database: a copy of the template starts with no activity counts, so autovacuum would not visit it
  // during the run, and without the map every count reads the table instead of an index alone.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
  return {
    url,
    seconds: (Date.now() - started) / 1000,
    fromCache,
    ...(summary ? { summary } : {}),
    drop: () => admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * What autovacuum would have vacuumed by now, run when the server has it off (this machine's
 * PostgreSQL does; a default server has it on): every table whose dead rows passed its threshold,
 * `autovacuum_vacuum_threshold + scale factor × rows`, the scale factor its own when a migration set
 * one (0043: the sales roll-ups) or the server's. Autovacuum looks at each database once a
 * `autovacuum_naptime` (a minute), so on a server with it on these tables would have been vacuumed
 * during the orders the benchmark places; their rewritten pages would otherwise stay not all-visible and
 * every index-only read of them (the dashboard's, the reports') would read the table too.
 */
export async function vacuumAsAutovacuumWould(url: string): Promise<{ on: boolean; tables: string[]; seconds: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const setting = async (name: string) =>
      (await client.query<{ v: string }>(`select current_setting($1) as v`, [name])).rows[0]!.v;
    if ((await setting('autovacuum')) === 'on') return { on: true, tables: [], seconds: 0 };
    const threshold = Number(await setting('autovacuum_vacuum_threshold'));
    const scale = Number(await setting('autovacuum_vacuum_scale_factor'));
    const { rows } = await client.query<{ name: string; dead: string; tuples: number; options: string[] | null }>(
      `select c.relname as name, s.n_dead_tup as dead, c.reltuples as tuples, c.reloptions as options
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
    );
    const own = (options: string[] | null) => {
      const set = options?.find((o) => o.startsWith('autovacuum_vacuum_scale_factor='));
      return set ? Number(set.split('=')[1]) : scale;
    };
    const due = rows.filter((r) => Number(r.dead) > threshold + own(r.options) * Math.max(0, r.tuples)).map((r) => r.name);
    for (const table of due.sort()) await client.query(`vacuum ${client.escapeIdentifier(table)}`);
    return { on: false, tables: due, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
