// `npm run migrate`: applies the pending migrations to the configured database
// (DATABASE_URL, or DATA_DIR/portal.sqlite). The server also migrates at start-up.
import { ConfigError, loadConfig } from '../config.ts';
import { createDb } from './database.ts';
import { migrateToLatest } from './migrate.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const where = config.database.kind === 'sqlite' ? config.database.file : config.database.url.replace(/\/\/[^@/]*@/, '//***@');
  const db = createDb(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute();
    console.log(`Database ${where} (${config.database.kind}) is up to date: ${applied.length} migration(s) applied.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
