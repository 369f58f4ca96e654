// The catalogue's read path under change (issue 14 §1): edits show in the next search, shelf and cart;
// a second instance on the same database sees them within 2 s; one distributor's edit leaves another's
// cached searches alone; stock leaves the In stock filter within the stock refresh; loading and patching
// run in chunks, yielding between them.
import { inventoryFilterBody } from '@portal/shared/catalog/catalog.schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/database.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, nowIso } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, insertProduct, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { catalogCacheStats, catalogChanged, getInventory } from './catalog.service.ts';
import {
  byNameOrder,
  insertSorted,
  newestOrder,
  pacing,
  snapshotFor,
  sortInSlices,
  STOCK_REFRESH_MS,
} from './catalog-snapshot.ts';

type Product = { id: string; price?: number; Item_Number: string; allowToOrder: boolean };

describe('catalogue read path under change', () => {
  let ctx: TestContext;
  let token: string;
  const ids = (list: { id: string }[]) => list.map((p) => p.id);
  const search = async (payload: object = {}) =>
    (await call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload, token })).body.data
      .finalProductList as Product[];
  const shelf = async (path: string) =>
    (await call(ctx.app, { method: 'GET', url: `/api/dashboard/${path}?role=retailer&customerNumber=10001`, token })).body.data
      .finalProductList as Product[];
  const cart = async () =>
    (await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).body.data as {
      finalCartItems: { productId: string; price: number; allowToOrder: boolean }[];
    };
  const addToCart = (productId: string, quantity = 1) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  it('a price, a flag, a UPC and a new product show in the next search, shelf and cart', async () => {
    expect((await addToCart(P.cola)).status).toBe(200);
    expect((await search({ search: 'cola' }))[0]).toMatchObject({ id: P.cola, price: 10 });
    await ctx.db.updateTable('products').set({ price1_cents: 1250 }).where('id', '=', P.cola).execute();
    expect((await search({ search: 'cola' }))[0]).toMatchObject({ id: P.cola, price: 12.5 });
    expect((await shelf('discountedItems')).find((p) => p.id === P.cola)).toMatchObject({ price: 12.5 });
    expect((await cart()).finalCartItems.find((l) => l.productId === P.cola)).toMatchObject({ price: 12.5 });

    await ctx.db.updateTable('products').set({ show_without_price: 1 }).where('id', '=', P.cola).execute();
    expect((await search({ search: 'cola' }))[0]!.price).toBeUndefined();
    await ctx.db.updateTable('products').set({ show_without_price: 0, price1_cents: 1000 }).where('id', '=', P.cola).execute();

    await ctx.db.insertInto('product_upcs').values({ upc: '777000111222', product_id: P.energy }).execute();
    expect(ids(await search({ search: '777000111222' }))).toEqual([P.energy]);

    await insertProduct(ctx.db, {
      id: 'p-new-one',
      item_number: 'NEW-1',
      description: 'Brand New Seltzer',
      is_new_item: 1,
      upcs: ['888000111222'],
    });
    catalogChanged(ctx.db, WORLD.distributorId); // as the office's own writes do; the next read sees it either way
    expect(ids(await search({ search: 'seltzer' }))).toEqual(['p-new-one']);
    expect(ids(await search({ search: '888000111222' }))).toEqual(['p-new-one']);
    expect(ids(await shelf('newItem'))).toContain('p-new-one');
    expect((await addToCart('p-new-one', 2)).status).toBe(200);
    expect((await cart()).finalCartItems.map((l) => l.productId)).toContain('p-new-one');
  });

  it('a deactivated product leaves search and shelves at once and is refused in the cart', async () => {
    await ctx.db.updateTable('products').set({ is_active: 0 }).where('id', '=', 'p-new-one').execute();
    expect(await search({ search: 'seltzer' })).toEqual([]);
    expect(ids(await shelf('newItem'))).not.toContain('p-new-one');
    const refused = await addToCart('p-new-one');
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, message: 'Product not found' });
    // The line already in the cart shows it cannot be ordered.
    expect((await cart()).finalCartItems.find((l) => l.productId === 'p-new-one')).toMatchObject({ allowToOrder: false });
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      token,
      headers: { 'is-web-order': 'true' },
    });
    expect(placed.status).toBe(409); // the cart's problem lines, this one among them
    await call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token });
  });

  it('stock at 0 leaves the In stock filter within the stock refresh', async () => {
    expect(ids(await search({ only: 'inStock' }))).toContain(P.energy);
    await ctx.db.updateTable('products').set({ stock_on_hand: 0 }).where('id', '=', P.energy).execute();
    advanceClock(STOCK_REFRESH_MS);
    expect(ids(await search({ only: 'inStock' }))).not.toContain(P.energy);
    expect(STOCK_REFRESH_MS).toBeLessThanOrEqual(5000);
    await ctx.db.updateTable('products').set({ stock_on_hand: 100 }).where('id', '=', P.energy).execute();
    catalogChanged(ctx.db, WORLD.distributorId); // this instance's own stock edit: the next read looks at once
    expect(ids(await search({ only: 'inStock' }))).toContain(P.energy);
  });

  it('a stock change committed long after its stamp still reaches the In stock filter (PostgreSQL)', async () => {
    if (ctx.config.database.kind !== 'postgres') return; // SQLite: one writer, in this process
    const db2 = createDb(ctx.config.database);
    try {
      expect(ids(await search({ only: 'inStock' }))).toContain(P.energy);
      await db2.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ stock_on_hand: 0 }).where('id', '=', P.energy).execute();
        // Stamped now; refreshes run while it waits longer than the overlap and cannot see it yet.
        for (let i = 0; i < 3; i++) {
          await new Promise((r) => setTimeout(r, 900));
          advanceClock(STOCK_REFRESH_MS);
          expect(ids(await search({ only: 'inStock' }))).toContain(P.energy);
        }
      });
      advanceClock(STOCK_REFRESH_MS);
      expect(ids(await search({ only: 'inStock' }))).not.toContain(P.energy);
    } finally {
      await db2.destroy();
      await ctx.db.updateTable('products').set({ stock_on_hand: 100 }).where('id', '=', P.energy).execute();
      catalogChanged(ctx.db, WORLD.distributorId);
    }
  });

  it("one distributor's edit leaves another distributor's cached searches alone", async () => {
    const other = 'dist-2';
    await ctx.db
      .insertInto('distributors')
      .values({
        id: other,
        name: 'Other',
        company_name: 'Other Inc.',
        email: null,
        phone: null,
        addr1: null,
        city: null,
        state: null,
        zip: null,
        logo_url: null,
        created_at: nowIso(),
      })
      .execute();
    await ctx.db
      .insertInto('customers')
      .values({
        id: 'cust-other',
        distributor_id: other,
        c_number: '90001',
        contact_name: 'O',
        company_name: 'O',
        is_active: 1,
        balance_cents: 0,
        order_day: 0,
        price_level: 1,
        created_at: nowIso(),
      })
      .execute();
    await insertProduct(ctx.db, { id: 'p-other', item_number: 'OTH-1', description: 'Other Cola', distributor_id: other });
    const buyer = {
      distributorId: other,
      customerId: 'cust-other',
      userId: 'nobody',
      audience: 'retailer' as const,
      placedByRole: 'retailer' as const,
    };
    const otherSearch = (search: string) => getInventory(ctx.db, buyer, inventoryFilterBody.parse({ search }));

    for (const q of ['cola', 'lime', 'chips']) await search({ search: q });
    expect((await otherSearch('cola')).finalProductList.map((p) => p.id)).toEqual(['p-other']);
    const before = catalogCacheStats(ctx.db).entries;
    expect(before[WORLD.distributorId]).toBeGreaterThanOrEqual(3);

    // The other distributor edits: its next search is answered anew, this one's are still cached.
    await ctx.db.updateTable('products').set({ price1_cents: 900 }).where('id', '=', 'p-other').execute();
    expect((await otherSearch('cola')).finalProductList[0]).toMatchObject({ price: 9 });
    for (const q of ['cola', 'lime', 'chips']) await search({ search: q });
    const after = catalogCacheStats(ctx.db).entries;
    expect(after[WORLD.distributorId]).toBe(before[WORLD.distributorId]); // all three answered from the cache
    expect(after[other]).toBe(before[other]! + 1);
  });

  it('a second app instance on the same database sees an edit within 2 s', async () => {
    const db2 = createDb(ctx.config.database);
    const app2 = await buildApp({ config: ctx.config, db: db2 });
    await app2.ready();
    try {
      const searchOn2 = async () =>
        (await call(app2, { method: 'POST', url: '/api/retailer/getInventory', payload: { search: 'cola' }, token })).body.data
          .finalProductList as Product[];
      expect((await searchOn2())[0]).toMatchObject({ id: P.cola, price: 10 });
      // The edit goes through the first instance's connection.
      await ctx.db.updateTable('products').set({ price1_cents: 1300 }).where('id', '=', P.cola).execute();
      catalogChanged(ctx.db, WORLD.distributorId);
      const started = Date.now();
      let seen = false;
      while (!seen && Date.now() - started < 2000) {
        seen = (await searchOn2())[0]?.price === 13;
        if (!seen) await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await app2.close();
      await db2.destroy();
      await ctx.db.updateTable('products').set({ price1_cents: 1000 }).where('id', '=', P.cola).execute();
    }
  });
});

describe('loading and patching run in chunks', () => {
  let ctx: TestContext;
  const chunkRows = pacing.chunkRows;
  beforeAll(async () => {
    ctx = await createCatalogContext();
  });
  afterAll(() => ctx.close());
  const sliceItems = pacing.sliceItems;
  afterEach(() => {
    pacing.chunkRows = chunkRows;
    pacing.sliceItems = sliceItems;
    vi.restoreAllMocks();
  });

  it('yields to the event loop between chunks when loading and when patching many products', async () => {
    pacing.chunkRows = 2;
    const yields = vi.spyOn(pacing, 'yield');
    const snap = await snapshotFor(ctx.db, WORLD.distributorId);
    expect(snap.products.size).toBe(8); // the fixture's products, inactive one included
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(3);
    yields.mockClear();
    await ctx.db.updateTable('products').set({ pack: 2 }).where('distributor_id', '=', WORLD.distributorId).execute();
    await snapshotFor(ctx.db, WORLD.distributorId);
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect([...snap.products.values()].every((e) => e.pack === 2)).toBe(true);
  });

  it('patches only what changed after its version, however many products share that version', async () => {
    const snap = await snapshotFor(ctx.db, WORLD.distributorId);
    // One transaction may stamp every product with one version (a seed, an import batch): here the
    // snapshot's own version, written without the triggers (version is not a watched column).
    const { version } = await ctx.db
      .selectFrom('catalog_versions')
      .select('version')
      .where('distributor_id', '=', WORLD.distributorId)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('products').set({ version }).where('distributor_id', '=', WORLD.distributorId).execute();
    await snapshotFor(ctx.db, WORLD.distributorId);
    pacing.chunkRows = 2;
    const yields = vi.spyOn(pacing, 'yield');
    await ctx.db.updateTable('products').set({ price1_cents: 1234 }).where('id', '=', P.cola).execute();
    await snapshotFor(ctx.db, WORLD.distributorId);
    expect(snap.products.get(P.cola)!.price1_cents).toBe(1234);
    // One product read in one chunk: no second chunk, so no yield (re-reading the 8 would yield 3 times).
    expect(yields).not.toHaveBeenCalled();
  });

  it('keeps the name and newest orders and their numbers right when edits replace and move products', async () => {
    pacing.chunkRows = 3;
    const snap = await snapshotFor(ctx.db, WORLD.distributorId);
    // One chunk holds a price edit (the product keeps its places) and a new description (it moves).
    await ctx.db.updateTable('products').set({ price1_cents: 1111 }).where('id', '=', P.energy).execute();
    await ctx.db.updateTable('products').set({ description: 'AAA First Now' }).where('id', '=', P.trailMix).execute();
    await snapshotFor(ctx.db, WORLD.distributorId);
    const names = snap.byName.map((e) => e.id);
    expect(names[0]).toBe(P.trailMix);
    expect(snap.byName).toEqual([...snap.products.values()].sort(byNameOrder));
    expect(snap.byNewest).toEqual([...snap.products.values()].sort(newestOrder));
    expect(snap.byName.every((e, i) => e.rank === i && e.live)).toBe(true);
    expect(snap.byNewest.every((e, i) => e.newRank === i)).toBe(true);
    expect(snap.products.get(P.energy)!.price1_cents).toBe(1111);
  });

  it('writes category names into the products in slices when a category is renamed, and only then', async () => {
    const snap = await snapshotFor(ctx.db, WORLD.distributorId);
    pacing.sliceItems = 2;
    const yields = vi.spyOn(pacing, 'yield');
    await ctx.db.updateTable('categories').set({ name: 'Snacks and More' }).where('id', '=', CAT.snacks).execute();
    await snapshotFor(ctx.db, WORLD.distributorId);
    expect(snap.products.get(P.chips)!.category_name).toBe('Snacks and More');
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(3);
    yields.mockClear();
    // A promotion's change reads the lists again, but the names are the same: no pass over the products.
    await ctx.db
      .updateTable('promotions')
      .set({ updated_at: new Date().toISOString() })
      .where('distributor_id', '=', WORLD.distributorId)
      .execute();
    await snapshotFor(ctx.db, WORLD.distributorId);
    expect(yields).not.toHaveBeenCalled();
  });
});

describe('sortInSlices', () => {
  const sliceItems = pacing.sliceItems;
  afterEach(() => {
    pacing.sliceItems = sliceItems;
    vi.restoreAllMocks();
  });

  it('sorts as a stable sort would, yielding to the event loop between slices', async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const order = (a: { key: number }, b: { key: number }) => a.key - b.key;
    for (const size of [0, 1, 255, 256, 257, 1000, 5000]) {
      const list = Array.from({ length: size }, (_, i) => ({ key: next() % 50, i }));
      const expected = [...list].sort(order);
      await sortInSlices(list, order);
      expect(list).toEqual(expected);
    }
    pacing.sliceItems = 1000;
    const yields = vi.spyOn(pacing, 'yield');
    const list = Array.from({ length: 5000 }, () => ({ key: next() % 1000, i: 0 }));
    await sortInSlices(list, order);
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(10);
  });
});

describe('insertSorted', () => {
  it('puts sorted additions in their places, as a sort would', () => {
    const order = (a: number, b: number) => a - b;
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 100;
    for (let t = 0; t < 500; t++) {
      const list = Array.from({ length: next() % 40 }, next).sort(order);
      const added = Array.from({ length: next() % 40 }, next).sort(order);
      expect(insertSorted([...list], added, order)).toEqual([...list, ...added].sort(order));
    }
  });
});
