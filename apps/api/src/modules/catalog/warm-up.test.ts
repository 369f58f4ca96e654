// Start-up on SQLite: every distributor's search index is built and its products read before listening.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext } from '../../../test/fixtures/catalog-fixtures.ts';
import { searchIndexFor } from './search-index.ts';
import { warmCatalog } from './warm-up.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createCatalogContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('warmCatalog', () => {
  it.skipIf(usePostgres)('indexes every active product of every distributor, so no search waits for a build', async () => {
    const active = await ctx.db
      .selectFrom('products')
      .select(['distributor_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('is_active', '=', 1)
      .groupBy('distributor_id')
      .execute();
    expect(active.length).toBeGreaterThan(0);
    const warm = await warmCatalog(ctx.db);
    expect(warm).toMatchObject({ distributors: active.length, products: active.reduce((n, d) => n + Number(d.n), 0) });
    const { rows } = await sql<{ value: number }>`select value from catalog_version where id = 1`.execute(ctx.db);
    for (const d of active) {
      // A ready index is handed back as it is; one still to build would be a pending build.
      const index = await searchIndexFor(ctx.db, d.distributor_id, Number(rows[0]!.value));
      expect(index?.size).toBe(Number(d.n));
    }
  });

  it.runIf(usePostgres)('does nothing on PostgreSQL, whose searches run in the database', async () => {
    expect(await warmCatalog(ctx.db)).toMatchObject({ distributors: 0, products: 0 });
  });
});
