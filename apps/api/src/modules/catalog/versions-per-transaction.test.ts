// Migration 0027: on PostgreSQL a transaction takes one catalogue version per distributor however many
// rows it writes, and the lists version moves once; the catalogue read path still sees every row of it.
// SQLite keeps one version per row (0006).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { snapshotFor } from './catalog-snapshot.ts';
import { usePostgres, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';

describe('migration 0027: catalogue versions per transaction', () => {
  let ctx: TestContext;
  const versions = async () =>
    ctx.db
      .selectFrom('catalog_versions')
      .select(['version', 'lists_version'])
      .where('distributor_id', '=', WORLD.distributorId)
      .executeTakeFirstOrThrow()
      .then((r) => ({ version: Number(r.version), lists: Number(r.lists_version) }));

  beforeAll(async () => {
    ctx = await createCatalogContext();
  });
  afterAll(() => ctx.close());

  it('stamps every product a transaction writes, and the snapshot patches them all', async () => {
    const snap = await snapshotFor(ctx.db, WORLD.distributorId);
    const before = await versions();
    const ids = [P.cola, P.energy, P.trailMix];
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, id] of ids.entries()) {
        await trx
          .updateTable('products')
          .set({ price1_cents: 2000 + i })
          .where('id', '=', id)
          .execute();
      }
      await trx.insertInto('product_upcs').values({ product_id: P.cola, upc: '099999000111' }).execute();
      await trx
        .updateTable('categories')
        .set({ name: sql`name` })
        .where('distributor_id', '=', WORLD.distributorId)
        .execute();
    });
    const after = await versions();
    const stamped = await ctx.db.selectFrom('products').select(['id', 'version']).where('id', 'in', ids).execute();
    if (usePostgres) {
      expect(after.version).toBe(before.version + 1);
      expect(after.lists).toBe(before.lists + 1);
      expect(stamped.every((r) => Number(r.version) === after.version)).toBe(true);
    } else {
      expect(after.version).toBeGreaterThanOrEqual(before.version + ids.length);
    }
    await snapshotFor(ctx.db, WORLD.distributorId);
    expect(ids.map((id) => snap.products.get(id)!.price1_cents)).toEqual([2000, 2001, 2002]);
    expect(snap.products.get(P.cola)!.upcs).toContain('099999000111');

    // The next transaction takes the next version: nothing of the last one is kept.
    await ctx.db.updateTable('products').set({ price1_cents: 2100 }).where('id', '=', P.cola).execute();
    expect((await versions()).version).toBeGreaterThan(after.version);
    await snapshotFor(ctx.db, WORLD.distributorId);
    expect(snap.products.get(P.cola)!.price1_cents).toBe(2100);
  });
});
