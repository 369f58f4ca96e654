// PostgreSQL: every placed or changed order rewrites rows of the sales roll-ups (0033, 0040), and the
// office's period reads take those rows from the indexes alone (0041) only while the table pages are
// marked all-visible, which only VACUUM does. At autovacuum's default (a fifth of the table's rows dead)
// a 371,000-row roll-up waits for some 7,000 orders between visits, and meanwhile every period read looks
// each row up in the table again (the dashboard's median 144 -> 225 ms on the bench database). A visit
// per 1% of the rows keeps them visible; each takes a fraction of a second. SQLite has no such step.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const ROLL_UPS = ['sales_daily', 'sales_daily_stores', 'sales_daily_products', 'sales_monthly_stores', 'sales_monthly_products'];

export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ROLL_UPS)
    await sql`alter table ${sql.table(table)} set (autovacuum_vacuum_scale_factor = 0.01)`.execute(db);
}

export async function down(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ROLL_UPS) await sql`alter table ${sql.table(table)} reset (autovacuum_vacuum_scale_factor)`.execute(db);
}
