// Demo data for `npm start` on an empty database: the base world plus a realistic distributor
// (60 stores, 2,500 products, six months of orders ending today). See docs/demo-data.md.
import type { Db } from '../database.ts';
import { DEMO_SIZES, isDatabaseEmpty, seedDataset } from './seed-dataset.ts';

/** Seeds the demo when the database has no distributor yet; true when it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await seedDataset(db, DEMO_SIZES);
  return true;
}
