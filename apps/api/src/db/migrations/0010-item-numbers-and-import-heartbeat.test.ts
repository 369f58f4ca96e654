// Migration 0010: item numbers unique per distributor. Over HTTP: two distributors may use the same
// item number, one distributor may not twice (the products API's own message, and the index behind it).
// Run down and up again on a catalogue with data: rows, rowids, foreign keys, the catalogue's version
// triggers all survive the rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { foreignKeysOn, rowidsOf, schemaOf, storedOrRefused } from '../../../test/fixtures/schema-fixtures.ts';
import { createCatalogContext, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import * as m0010 from './0010-item-numbers-and-import-heartbeat.ts';

const OTHER = 'dist-other-0010';

describe('migration 0010: item numbers unique per distributor', () => {
  let ctx: TestContext;
  let admin: string;
  let otherAdmin: string;

  const create = (token: string, itemNumber: string) =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/admin/products',
      payload: { itemNumber, description: `Product ${itemNumber}` },
      token,
    });
  const version = async (distributorId: string) =>
    Number(
      (
        await ctx.db
          .selectFrom('catalog_versions')
          .select('version')
          .where('distributor_id', '=', distributorId)
          .executeTakeFirst()
      )?.version ?? 0,
    );

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await addDistributor(ctx.db, OTHER);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    otherAdmin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'user-0010', { Products: ALL }, OTHER));
    await insertProduct(ctx.db, { id: 'p-0010-a', item_number: 'M10-A', description: 'Kept through', upcs: ['100010001000'] });
  });
  afterAll(() => ctx.close());

  it('survives down and up on a catalogue with data: rows, rowids, foreign keys, triggers', async () => {
    const dialect = ctx.config.database.kind;
    const snapshot = async () => ({
      products: await ctx.db.selectFrom('products').selectAll().orderBy('id').execute(),
      upcs: await ctx.db.selectFrom('product_upcs').selectAll().orderBy('upc').execute(),
      // Every index, trigger and view, with its definition, and the tables'.
      schema: await schemaOf(ctx.db, dialect),
      rowids: await rowidsOf(ctx.db, dialect, 'products'),
    });
    const before = await snapshot();
    expect(before.products.length).toBeGreaterThan(5);
    const triggers = (before.schema as { type?: string; tbl_name?: string; tgname?: string; t?: string }[]).filter(
      (r) => (r.type === 'trigger' && r.tbl_name === 'products') || r.t === 'products',
    );
    expect(triggers.length).toBeGreaterThanOrEqual(3); // the catalogue's version and stock triggers (0006)

    await m0010.down(ctx.db, dialect);
    const dup = await storedOrRefused(
      ctx.db
        .insertInto('products')
        .values({ ...before.products[0]!, id: 'p-0010-dup', distributor_id: OTHER })
        .execute(),
    );
    expect(dup).toBe('refused'); // down: one item number across the database again
    await m0010.up(ctx.db, dialect);
    expect(await snapshot()).toEqual(before);

    if (dialect === 'sqlite') {
      expect(await foreignKeysOn(ctx.db)).toBe(true);
      const orphan = await storedOrRefused(
        ctx.db.insertInto('product_upcs').values({ product_id: 'no-such-product', upc: '999900009999' }).execute(),
      );
      expect(orphan).toBe('refused');
    }
    // Deleting a product still cascades to its UPCs (the foreign key's rule survived).
    await ctx.db.deleteFrom('products').where('id', '=', 'p-0010-a').execute();
    expect(await ctx.db.selectFrom('product_upcs').selectAll().where('product_id', '=', 'p-0010-a').execute()).toEqual([]);
  });

  it('lets two distributors use one item number, and refuses it twice for one distributor', async () => {
    const mine = await create(admin, 'SAME-1');
    expect(mine.status).toBe(201);
    const theirs = await create(otherAdmin, 'SAME-1');
    expect(theirs.status).toBe(201);
    const again = await create(otherAdmin, 'SAME-1');
    expect([again.status, again.body.message]).toEqual([409, 'An item number SAME-1 already exists']);
    // The index refuses it too, whatever writes.
    const direct = await storedOrRefused(
      ctx.db
        .insertInto('products')
        .values({
          ...(await ctx.db.selectFrom('products').selectAll().where('id', '=', theirs.body.data.id).executeTakeFirstOrThrow()),
          id: 'p-0010-twice',
        })
        .execute(),
    );
    expect(direct).toBe('refused');
    const stored = await ctx.db.selectFrom('products').select('distributor_id').where('item_number', '=', 'SAME-1').execute();
    expect(stored.map((r) => r.distributor_id).sort()).toEqual([WORLD.distributorId, OTHER].sort());

    // The import creates an item number another distributor uses, and matches its own.
    expect((await create(otherAdmin, 'SAME-2')).status).toBe(201);
    const uploaded = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/product-imports?fileName=same.csv',
      payload: 'Item number,Description\r\nSAME-2,Mine too\r\nSAME-1,Mine renamed\r\n',
      headers: { 'content-type': 'text/csv' },
      token: admin,
    });
    const dry = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${uploaded.body.data.id}/dry-run`,
      payload: { mapping: ['itemNumber', 'description'] },
      token: admin,
    });
    expect(dry.body.data).toMatchObject({ counts: { created: 1, updated: 1, unchanged: 0, rejected: 0 }, errors: [] });
  });

  it('still bumps the catalogue version on every product write, per distributor', async () => {
    const start = await version(WORLD.distributorId);
    const otherStart = await version(OTHER);
    const created = await create(admin, 'VER-1');
    expect(created.status).toBe(201);
    const afterCreate = await version(WORLD.distributorId);
    expect(afterCreate).toBeGreaterThan(start);
    await ctx.db.updateTable('products').set({ description: 'Renamed' }).where('id', '=', created.body.data.id).execute();
    const afterUpdate = await version(WORLD.distributorId);
    expect(afterUpdate).toBeGreaterThan(afterCreate);
    await ctx.db.deleteFrom('products').where('id', '=', created.body.data.id).execute();
    expect(await version(WORLD.distributorId)).toBeGreaterThan(afterUpdate);
    expect(await version(OTHER)).toBe(otherStart);
  });
});
