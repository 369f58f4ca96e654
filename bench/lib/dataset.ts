// The benchmark's database: migrated and seeded with the project's own generator (seedDataset),
// optionally copied from an explicitly named cache directory instead of being seeded again.
// The cache holds one pristine file per (sizes, migrations and seed sources): any change to
// apps/api/src/db changes the key, and a run always works on its own copy, never on the cached file.
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createDb } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { seedDataset, type DatasetSizes, type SeedSummary } from '../../apps/api/src/db/seed/seed-dataset.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DB_SOURCES = path.join(ROOT, 'apps/api/src/db');

export interface SeededDatabase {
  /** Seconds spent seeding (or copying from the cache). */
  seconds: number;
  fromCache: boolean;
  /** What the seed created; absent when the file came from the cache. */
  summary?: Omit<SeedSummary, 'milliseconds'>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [path.join(dir, e.name)]
          : [],
    )
    .sort();
}

/** Changes whenever the sizes, a migration, the schema or the seed generator change. */
export function datasetKey(sizes: DatasetSizes): string {
  const hash = createHash('sha256').update(JSON.stringify(sizes));
  for (const file of sourceFiles(DB_SOURCES)) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Waits until the file is on disk. Otherwise the kernel writes the 700 MB out while the routes are
 * measured, and the server's own writes (the log, checkpoints) queue behind it: orders per second
 * varied by a third between back-to-back runs.
 */
function writtenToDisk(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Gives the file the table statistics a long-running database has: the server analyses tables that
 * have none when it opens the file (`PRAGMA optimize=0x10002`, database.ts), which on a freshly seeded
 * 700 MB file took most of a second before it could listen, once per file, never again in production.
 */
function analysed(file: string): void {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('optimize=0x10002');
  } finally {
    sqlite.close();
  }
}

/** Builds the seeded SQLite database at `file` (which must not exist yet). */
export async function seedDatabase(file: string, sizes: DatasetSizes, cacheDir?: string): Promise<SeededDatabase> {
  const started = Date.now();
  const cached = cacheDir ? path.join(cacheDir, `api-bench-${datasetKey(sizes)}.sqlite`) : undefined;
  if (cached && existsSync(cached) && statSync(cached).size > 0) {
    copyFileSync(cached, file);
    analysed(file);
    writtenToDisk(file);
    return { seconds: (Date.now() - started) / 1000, fromCache: true };
  }

  const db = createDb({ kind: 'sqlite', file });
  let summary: SeedSummary;
  try {
    await migrateToLatest(db, 'sqlite');
    summary = await seedDataset(db, sizes);
  } finally {
    // Closing the last connection checkpoints the WAL into the main file, so the file alone is complete.
    await db.destroy();
  }
  if (cached) {
    mkdirSync(path.dirname(cached), { recursive: true });
    const partial = `${cached}.${process.pid}.partial`;
    copyFileSync(file, partial);
    renameSync(partial, cached); // atomic: a reader never sees half a file
  }
  analysed(file);
  writtenToDisk(file);
  const { milliseconds: _ms, ...counts } = summary;
  return { seconds: (Date.now() - started) / 1000, fromCache: false, summary: counts };
}
