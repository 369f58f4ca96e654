// Start-up: configuration, migrations, demo data on an empty database, listen, graceful shutdown.
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { ConfigError, exposedDemoWarning, isLoopbackHost, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/demo-seed.ts';
import { warmCatalog } from './modules/catalog/catalog.service.ts';
import { startNotificationJobs } from './modules/notifications/notifications-jobs.ts';
import { advanceClock } from './platform/clock.ts';

/**
 * After each full garbage collection V8 lets the heap grow to up to four times what is live before the
 * next one; the catalogue's searches allocate fast enough that it does (a 180 MB live heap held 800 MB).
 * 1.25 times keeps the server's memory near what it uses; what dies young never reaches the old
 * generation this bounds, so full collections stay rare (docs/operations.md, "Memory").
 */
const HEAP_GROWING_PERCENT = 25;

async function main(): Promise<void> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Test mode: the clock starts at CLOCK_AT and runs on from there (browser journeys on a chosen day).
  if (config.clockAt) advanceClock(Date.parse(config.clockAt) - Date.now());
  const db = createDb(config.database, { backgroundCheckpoints: true, backgroundReads: true });
  await migrateToLatest(db, config.database.kind);
  if (config.mode !== 'production') {
    const seeded = await seedDemoIfEmpty(db);
    if (seeded) console.log('Demo data created.');
  }
  const app = await buildApp({ config, db });
  await app.listen({ port: config.port, host: config.host });
  // Scheduled notifications and order reminders, every minute (safe on several instances: docs/notifications.md).
  const stopNotificationJobs = startNotificationJobs(db, app.log);
  // Catalogues load after listening, in chunks; a request for one still loading waits for it.
  warmCatalog(db).then(
    (warm) =>
      app.log.info(
        warm,
        `catalogue ready: ${warm.products} products of ${warm.distributors} distributors in ${warm.milliseconds} ms`,
      ),
    (err: unknown) => app.log.error({ err }, 'catalogue warm-up failed'),
  );

  if (config.mode !== 'production') {
    const local = isLoopbackHost(config.host);
    console.log(`
Wholesale ordering portal is running on ${config.publicUrl} (database: ${config.database.kind})
Demo accounts (password Demo@12345):
  distributor  admin@demo.test
  retailer     retailer@demo.test   (customer 10001)
  retailer     retailer2@demo.test  (customer 10002)
  sales rep    sales@demo.test      (sign in at /sales-login)
${local ? `One-time codes are printed here and listed at ${config.publicUrl}/api/dev/outbox?to=ADDRESS` : 'One-time codes are printed here.'}
`);
    const warning = exposedDemoWarning(config);
    if (warning) console.warn(warning);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopNotificationJobs();
    await app.close(); // waits for in-flight requests
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
