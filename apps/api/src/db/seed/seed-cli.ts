// `npm run seed -- --products N --customers N --orders N`: migrates the configured database
// (DATABASE_URL / DATA_DIR) and builds a data set of that size on it, for benchmarks.
// Refuses a database that already has data.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { createDb } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { DatabaseNotEmptyError, isDatabaseEmpty, MIN_SIZES, seedDataset, type DatasetSizes } from './seed-dataset.ts';

export const DEFAULT_SEED_SIZES: DatasetSizes = { products: 100_000, customers: 2_000, orders: 200_000 };

export const SEED_USAGE = `Usage: npm run seed -- [--products N] [--customers N] [--orders N]
Builds a data set on an EMPTY database (DATABASE_URL, or DATA_DIR/portal.sqlite).
Defaults: --products ${DEFAULT_SEED_SIZES.products} --customers ${DEFAULT_SEED_SIZES.customers} --orders ${DEFAULT_SEED_SIZES.orders}`;

export class SeedArgsError extends Error {}

/** Reads the sizes from the command line; a bad or unknown option throws with a clear message. */
export function parseSeedArgs(argv: readonly string[]): DatasetSizes | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        products: { type: 'string' },
        customers: { type: 'string' },
        orders: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new SeedArgsError((err as Error).message);
  }
  if (values.help) return 'help';
  const sizes = { ...DEFAULT_SEED_SIZES };
  for (const key of ['products', 'customers', 'orders'] as const) {
    const raw = values[key];
    if (raw === undefined) continue;
    const text = String(raw).replace(/_/g, '');
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n))
      throw new SeedArgsError(`--${key} must be a whole number, got "${String(raw)}"`);
    if (n < MIN_SIZES[key]) throw new SeedArgsError(`--${key} must be at least ${MIN_SIZES[key]}, got ${n}`);
    sizes[key] = n;
  }
  return sizes;
}

async function main(): Promise<number> {
  let sizes: DatasetSizes | 'help';
  let config;
  try {
    sizes = parseSeedArgs(process.argv.slice(2));
    config = loadConfig();
  } catch (err) {
    if (err instanceof SeedArgsError || err instanceof ConfigError) {
      console.error(`${err.message}\n\n${SEED_USAGE}`);
      return 1;
    }
    throw err;
  }
  if (sizes === 'help') {
    console.log(SEED_USAGE);
    return 0;
  }
  const where = config.database.kind === 'sqlite' ? config.database.file : config.database.url.replace(/\/\/[^@/]*@/, '//***@');
  const db = createDb(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    if (!(await isDatabaseEmpty(db))) throw new DatabaseNotEmptyError();
    console.log(
      `Seeding ${config.database.kind} database ${where}: ${sizes.products} products, ${sizes.customers} customers, ${sizes.orders} orders...`,
    );
    const summary = await seedDataset(db, sizes);
    const { milliseconds, lastOrderNumber, ...counts } = summary;
    console.log('Created:');
    for (const [name, count] of Object.entries(counts)) console.log(`  ${name.padEnd(18)} ${count.toLocaleString('en-US')}`);
    console.log(`  last order number  ${lastOrderNumber}`);
    console.log(
      `Done in ${(milliseconds / 1000).toFixed(1)} s. Demo accounts use the password Demo@12345 (see docs/demo-data.md).`,
    );
    return 0;
  } catch (err) {
    if (err instanceof DatabaseNotEmptyError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.destroy();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
