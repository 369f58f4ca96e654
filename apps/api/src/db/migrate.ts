// Applies the migrations in order. They are listed here rather than read from disk so that
// the same code runs under tsx, Vitest and a bundler, and each one receives the dialect.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './database.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-catalog-search.ts';
import * as m0003 from './migrations/0003-contact-request-links.ts';
import * as m0004 from './migrations/0004-orders-index-trim.ts';
import * as m0005 from './migrations/0005-unique-admin-names.ts';
import * as m0006 from './migrations/0006-catalog-versions.ts';
import * as m0007 from './migrations/0007-promotions.ts';
import * as m0008 from './migrations/0008-product-admin.ts';
import * as m0009 from './migrations/0009-product-imports.ts';
import * as m0010 from './migrations/0010-item-numbers-and-import-heartbeat.ts';
import * as m0011 from './migrations/0011-retailer-terms.ts';
import * as m0012 from './migrations/0012-customer-numbers-per-distributor.ts';
import * as m0013 from './migrations/0013-audit-log.ts';
import * as m0014 from './migrations/0014-order-queue.ts';
import * as m0015 from './migrations/0015-order-edits-and-notes.ts';
import * as m0016 from './migrations/0016-retailer-request-review.ts';
import * as m0017 from './migrations/0017-roles.ts';
import * as m0019 from './migrations/0019-login-devices.ts';
import * as m0020 from './migrations/0020-support-tickets.ts';
import * as m0021 from './migrations/0021-policy-versions-and-contact-review.ts';
import * as m0023 from './migrations/0023-story-schedule-and-audience.ts';
import * as m0024 from './migrations/0024-notifications.ts';
import * as m0025 from './migrations/0025-push.ts';
import * as m0026 from './migrations/0026-dashboard.ts';
import * as m0027 from './migrations/0027-catalog-bump-once.ts';
import * as m0028 from './migrations/0028-receivables-ledger.ts';
import * as m0029 from './migrations/0029-credit-control.ts';
import * as m0030 from './migrations/0030-delivery-calendar.ts';
import * as m0031 from './migrations/0031-epick.ts';
import * as m0032 from './migrations/0032-purchase-orders.ts';
import * as m0033 from './migrations/0033-sales-summary.ts';
import * as m0034 from './migrations/0034-webhooks.ts';
import * as m0035 from './migrations/0035-notification-email.ts';
import * as m0036 from './migrations/0036-users-customer-index.ts';
import * as m0037 from './migrations/0037-receivables-covering-index.ts';
import * as m0038 from './migrations/0038-order-search-indexes.ts';
import * as m0039 from './migrations/0039-receivables-order-index.ts';
import * as m0040 from './migrations/0040-sales-month-roll-ups.ts';
import * as m0041 from './migrations/0041-product-roll-ups-covering.ts';
import * as m0042 from './migrations/0042-receivables-open-covering.ts';
import * as m0043 from './migrations/0043-roll-ups-vacuumed-often.ts';
import * as m0044 from './migrations/0044-cart-lines-covering.ts';

type DialectMigration = { up(db: Db, dialect: DialectName): Promise<void>; down?(db: Db, dialect: DialectName): Promise<void> };

const migrations: Record<string, DialectMigration> = {
  '0001-initial': m0001,
  '0002-catalog-search': m0002,
  '0003-contact-request-links': m0003,
  '0004-orders-index-trim': m0004,
  '0005-unique-admin-names': m0005,
  '0006-catalog-versions': m0006,
  '0007-promotions': m0007,
  '0008-product-admin': m0008,
  '0009-product-imports': m0009,
  '0010-item-numbers-and-import-heartbeat': m0010,
  '0011-retailer-terms': m0011,
  '0012-customer-numbers-per-distributor': m0012,
  '0013-audit-log': m0013,
  '0014-order-queue': m0014,
  '0015-order-edits-and-notes': m0015,
  '0016-retailer-request-review': m0016,
  '0017-roles': m0017,
  '0019-login-devices': m0019,
  '0020-support-tickets': m0020,
  '0021-policy-versions-and-contact-review': m0021,
  '0023-story-schedule-and-audience': m0023,
  '0024-notifications': m0024,
  '0025-push': m0025,
  '0026-dashboard': m0026,
  '0027-catalog-bump-once': m0027,
  '0028-receivables-ledger': m0028,
  '0029-credit-control': m0029,
  '0030-delivery-calendar': m0030,
  '0031-epick': m0031,
  '0032-purchase-orders': m0032,
  '0033-sales-summary': m0033,
  '0034-webhooks': m0034,
  '0035-notification-email': m0035,
  '0036-users-customer-index': m0036,
  '0037-receivables-covering-index': m0037,
  '0038-order-search-indexes': m0038,
  '0039-receivables-order-index': m0039,
  '0040-sales-month-roll-ups': m0040,
  '0041-product-roll-ups-covering': m0041,
  '0042-receivables-open-covering': m0042,
  '0043-roll-ups-vacuumed-often': m0043,
  '0044-cart-lines-covering': m0044,
};

export async function migrateToLatest(db: Db, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) {
        out[name] = { up: (d) => m.up(d as Db, dialect), down: m.down ? (d) => m.down!(d as Db, dialect) : undefined };
      }
      return out;
    },
  };
  // Kysely looks for its own tables in every schema of a PostgreSQL database: name ours, or a second
  // schema in the same database (parallel test files) is mistaken for an already-migrated one.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
