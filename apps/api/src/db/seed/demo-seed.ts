// Placeholder until the demo seed lands: returns false (nothing seeded).
import type { Db } from '../database.ts';

export async function seedDemoIfEmpty(_db: Db): Promise<boolean> {
  return false;
}
