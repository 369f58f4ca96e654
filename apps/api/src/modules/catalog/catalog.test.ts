import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, compressedInventory, tokenFor, type TestContext } from '../../../test/helper.ts';
import {
  createCatalogContext,
  CAT,
  insertProduct,
  insertPromotion,
  P,
  setCustomer,
} from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, now } from '../../platform/clock.ts';
import { STOCK_REFRESH_MS } from './catalog-snapshot.ts';
import { inventoryResponseSchema } from '@portal/shared/catalog/catalog.schemas';
import { envelope } from '../../platform/envelope.ts';

describe('POST /api/retailer/getInventory', () => {
  let ctx: TestContext;
  let token: string;
  const inventory = (payload: object = {}, t = token) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload, token: t });
  const byId = (list: { id: string }[], id: string) => list.find((p) => p.id === id) as Record<string, unknown> | undefined;

  beforeAll(async () => {
    ctx = await createCatalogContext();
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  it('needs a retailer', async () => {
    expect((await call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload: {} })).status).toBe(401);
    const sales = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await inventory({}, sales)).status).toBe(403);
  });

  it('answers exactly what the response schema describes (the route serialises without zod)', async () => {
    const schema = envelope(inventoryResponseSchema);
    for (const payload of [
      {},
      { search: 'cola' },
      { search: 'c', sort: 'priceDesc' },
      { sort: 'newest', limit: 3, page: 2 },
      { only: ['discounted'] },
      { search: 'zzz' },
    ]) {
      const res = await inventory(payload);
      expect(res.status).toBe(200);
      expect(schema.parse(res.body)).toEqual(res.body);
    }
  });

  it('lists active products by name with total, page, limit and facets', async () => {
    const res = await inventory();
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.total).toBe(7); // the retired product is not listed
    expect(d.page).toBe(1);
    expect(d.limit).toBe(50);
    expect(d.finalProductList.map((p: { Item_Number: string }) => p.Item_Number)).toEqual([
      'BEV-100',
      'SNK-400',
      'BEV-300',
      'BEV-200',
      'SNK-100',
      'SNK-200',
      'SNK-300',
    ]);
    expect(d.facets.categories).toEqual([
      { id: CAT.beverages, name: 'Beverages', count: 3 },
      { id: CAT.snacks, name: 'Snacks', count: 4 },
    ]);
    expect(d.facets.brands).toEqual([
      { name: 'Crunchy', count: 4 },
      { name: 'FizzCo', count: 2 },
      { name: 'Volt', count: 1 },
    ]);
  });

  it('prices at the customer level with tax, CRV, tiers (exact cents)', async () => {
    const cola = byId((await inventory()).body.data.finalProductList, P.cola)!;
    expect(cola).toMatchObject({
      Item_Number: 'BEV-100',
      Description: 'Cola Classic 12oz Can',
      Brand: 'FizzCo',
      Category: 'Beverages',
      SubCategory: 'Soda',
      Vendor: 'Pacific Bottling',
      Pack: 24,
      UOM: 'CS',
      UnitOunces: 12,
      PriceClass: 1,
      UPCList: [{ UPC_Number: '012345678905' }],
      upc: '012345678905',
      price: 10,
      priceWithTax: 10.83, // 1000 + 82.5 → 83
      crvPrice: 0.1,
      totalPrice: 10.1,
      totalPriceWithTax: 10.93,
      Tax_Rate: 8.25,
      Inventory_OnHand: 100,
      hasQtyDiscount: true,
      qtyDiscount: [
        { minQty: 5, discount: 0.5, price: 9.5 },
        { minQty: 10, discount: 1, price: 9 },
      ],
      isDiscounted: false, // the inactive and the expired 50 % promotions do not count
      image: '/uploads/cola-dist.png',
      stockLabel: 'In Stock',
      allowToOrder: true,
      quantity: 0,
    });
    expect(cola.listPrice).toBeUndefined();

    await setCustomer(ctx.db, WORLD.customers.c10001, { price_level: 3 });
    const cola3 = byId((await inventory()).body.data.finalProductList, P.cola)!;
    expect(cola3).toMatchObject({
      PriceClass: 3,
      price: 8.5,
      priceWithTax: 9.2,
      qtyDiscount: [
        { minQty: 5, price: 8 },
        { minQty: 10, price: 7.5 },
      ],
    }); // 850 + 70.125 → 920
    await setCustomer(ctx.db, WORLD.customers.c10001, { price_level: 1 });
  });

  it('an active discount promotion lowers the unit price', async () => {
    const lime = byId((await inventory()).body.data.finalProductList, P.lime)!;
    // 333 − 10 % (33.3 → 33) = 300; tax 8.25 % of 300 = 24.75 → 25
    expect(lime).toMatchObject({
      price: 3,
      listPrice: 3.33,
      priceWithTax: 3.25,
      crvPrice: 0.05,
      totalPriceWithTax: 3.3,
      isDiscounted: true,
      discountPercent: 10,
    });
  });

  it('honours the visibility flags', async () => {
    const list = (await inventory()).body.data.finalProductList;
    const pretzels = byId(list, P.pretzels)!;
    expect(pretzels.showWithOutPrice).toBe(true);
    for (const k of ['price', 'priceWithTax', 'totalPrice', 'totalPriceWithTax', 'crvPrice', 'listPrice'])
      expect(pretzels).not.toHaveProperty(k);
    const trail = byId(list, P.trailMix)!;
    expect(trail).not.toHaveProperty('Inventory_OnHand');
    expect(trail).toMatchObject({ showTheInventoryStock: false, showLowStock: true, stockLabel: 'Low Stock' });
    expect(byId(list, P.crackers)).toMatchObject({ allowToOrder: false });
    expect(byId(list, P.energy)).toMatchObject({ hasProductLimit: true, productLimit: 5 });
    expect(byId(list, P.chips)).toMatchObject({
      isNewItem: true,
      isPromoted: true,
      Inventory_OnHand: 0,
      image: '/uploads/chips.png',
    });
    expect(byId(list, P.lime)).toMatchObject({
      image: '/images/product-placeholder.svg',
      hasProductLimit: false,
      productLimit: null,
    });
  });

  it('searches description words by prefix, case-insensitively', async () => {
    const res = await inventory({ search: 'SPARK' });
    expect(res.body.data.finalProductList.map((p: { id: string }) => p.id)).toEqual([P.lime]);
    expect((await inventory({ search: 'cola can' })).body.data.finalProductList.map((p: { id: string }) => p.id)).toEqual([
      P.cola,
    ]);
    expect((await inventory({ search: 'nothing-like-this' })).body.data).toMatchObject({ total: 0, finalProductList: [] });
    expect((await inventory({ search: '***' })).body.data.total).toBe(0);
  });

  it('a full UPC or item number finds its product first', async () => {
    // Another product mentioning the UPC digits in its description would also match the text.
    await insertProduct(ctx.db, {
      id: 'p-aaa',
      item_number: 'ZZ-1',
      description: 'AAA promo pack with 012345678905 inside',
      brand: 'Other',
    });
    const byUpc = (await inventory({ search: '012345678905' })).body.data.finalProductList.map((p: { id: string }) => p.id);
    expect(byUpc[0]).toBe(P.cola);
    expect(byUpc).toContain('p-aaa');
    const byItem = (await inventory({ search: 'bev-200' })).body.data.finalProductList.map((p: { id: string }) => p.id);
    expect(byItem[0]).toBe(P.lime);
    // A partial UPC matches by prefix.
    expect((await inventory({ search: '0987654' })).body.data.finalProductList.map((p: { id: string }) => p.id)).toEqual([
      P.lime,
    ]);
    await ctx.db.deleteFrom('products').where('id', '=', 'p-aaa').execute();
  });

  it('search follows later edits of description and UPCs', async () => {
    await ctx.db.updateTable('products').set({ description: 'Trail Mix Tropical' }).where('id', '=', P.trailMix).execute();
    expect((await inventory({ search: 'tropical' })).body.data.finalProductList.map((p: { id: string }) => p.id)).toEqual([
      P.trailMix,
    ]);
    await ctx.db.insertInto('product_upcs').values({ upc: '555000111222', product_id: P.trailMix }).execute();
    expect((await inventory({ search: '555000111222' })).body.data.finalProductList.map((p: { id: string }) => p.id)).toEqual([
      P.trailMix,
    ]);
    await ctx.db.deleteFrom('product_upcs').where('upc', '=', '555000111222').execute();
    expect((await inventory({ search: '555000111222' })).body.data.total).toBe(0);
    await ctx.db.updateTable('products').set({ description: 'Trail Mix Deluxe' }).where('id', '=', P.trailMix).execute();
    expect((await inventory({ search: 'tropical' })).body.data.total).toBe(0);
  });

  it('filters by category (id or name), sub-category, brand and vendor', async () => {
    const ids = async (payload: object) =>
      (await inventory(payload)).body.data.finalProductList.map((p: { id: string }) => p.id).sort();
    expect(await ids({ category: CAT.snacks })).toEqual([P.chips, P.crackers, P.pretzels, P.trailMix].sort());
    expect(await ids({ category: 'beverages' })).toEqual([P.cola, P.energy, P.lime].sort());
    expect(await ids({ subCategory: 'Soda' })).toEqual([P.cola]);
    expect(await ids({ brand: 'fizzco' })).toEqual([P.cola, P.lime].sort());
    expect(await ids({ vendor: 'Pacific Bottling' })).toEqual([P.cola, P.energy, P.lime].sort());
    // A facet leaves out its own filter: with a brand chosen, brand counts still show the others.
    const facets = (await inventory({ brand: 'FizzCo' })).body.data.facets;
    expect(facets.brands.map((b: { name: string }) => b.name)).toEqual(['Crunchy', 'FizzCo', 'Volt']);
    expect(facets.categories).toEqual([{ id: CAT.beverages, name: 'Beverages', count: 2 }]);
  });

  it('only new, discounted, promoted, inStock', async () => {
    const ids = async (only: unknown) =>
      (await inventory({ only })).body.data.finalProductList.map((p: { id: string }) => p.id).sort();
    expect(await ids('new')).toEqual([P.chips]);
    expect(await ids('discounted')).toEqual([P.cola, P.lime].sort()); // tiers or an active discount promotion
    expect(await ids('promoted')).toEqual([P.chips]);
    expect(await ids('inStock')).not.toContain(P.chips);
    expect(await ids(['new', 'inStock'])).toEqual([]);
  });

  it('sorts by price at the customer level, newest and name', async () => {
    const order = async (sort: string) =>
      (await inventory({ sort, category: 'Beverages' })).body.data.finalProductList.map((p: { id: string }) => p.id);
    expect(await order('priceAsc')).toEqual([P.energy, P.lime, P.cola]); // 300, 333, 1000 (level price)
    expect(await order('priceDesc')).toEqual([P.cola, P.lime, P.energy]);
    expect(await order('newest')).toEqual([P.energy, P.lime, P.cola]);
    expect(await order('name')).toEqual([P.cola, P.energy, P.lime]);
    expect((await order('bestSelling')).length).toBe(3);
  });

  it('pages: limit, last partial page, past the end; limit over 200 is refused', async () => {
    const p1 = (await inventory({ limit: 3, page: 1 })).body.data;
    const p3 = (await inventory({ limit: 3, page: 3 })).body.data;
    const p4 = (await inventory({ limit: 3, page: 4 })).body.data;
    expect(p1).toMatchObject({ total: 7, page: 1, limit: 3 });
    expect(p1.finalProductList).toHaveLength(3);
    expect(p3.finalProductList).toHaveLength(1);
    expect(p4).toMatchObject({ total: 7, page: 4, finalProductList: [] });
    const tooMany = await inventory({ limit: 201 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      success: false,
      message: 'limit must be 200 or less',
      error: { code: 'VALIDATION_ERROR' },
    });
    expect((await inventory({ page: 0 })).status).toBe(400);
    expect((await inventory({ sort: 'cheapest' })).status).toBe(400);
    expect((await inventory({ limit: 200 })).status).toBe(200);
  });

  it('edits show in the next answer; stock counts within the stock refresh; cart quantities at once', async () => {
    const cola = async () => byId((await inventory({ category: 'Beverages' })).body.data.finalProductList, P.cola)!;
    /** As a browser asks (brotli): the same answer. */
    const colaCompressed = async () =>
      byId((await compressedInventory(ctx.app, token, { category: 'Beverages' })) as { id: string }[], P.cola)!;
    expect(await cola()).toMatchObject({ price: 10, Inventory_OnHand: 100, quantity: 0 });
    expect(await colaCompressed()).toMatchObject({ price: 10, Inventory_OnHand: 100, quantity: 0 });
    await ctx.db.updateTable('products').set({ price1_cents: 1100 }).where('id', '=', P.cola).execute();
    expect((await cola()).price).toBe(11);
    expect((await colaCompressed()).price).toBe(11);
    await ctx.db.updateTable('products').set({ stock_on_hand: 42 }).where('id', '=', P.cola).execute();
    advanceClock(STOCK_REFRESH_MS);
    expect((await cola()).Inventory_OnHand).toBe(42);
    // An order taking stock, too.
    await call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId: P.cola, quantity: 5 }, token });
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      token,
      headers: { 'is-web-order': 'true', 'idempotency-key': 'stock-shows-key' },
    });
    expect(placed.body).toMatchObject({ success: true });
    advanceClock(STOCK_REFRESH_MS);
    expect((await cola()).Inventory_OnHand).toBe(37);
    await call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId: P.cola, quantity: 3 }, token });
    expect((await cola()).quantity).toBe(3);
    await ctx.db
      .insertInto('product_qty_discounts')
      .values({ id: 'cola-tier-x', product_id: P.cola, min_qty: 50, discount_cents: 300 })
      .execute();
    expect((await cola()).qtyDiscount).toHaveLength(3);
    await ctx.db.updateTable('promotions').set({ is_active: 1 }).where('id', '=', 'promo-cola-off').execute();
    expect(await cola()).toMatchObject({ price: 5.5, listPrice: 11, isDiscounted: true, discountPercent: 50 });
    // Put the fixture back for other tests.
    await ctx.db.updateTable('promotions').set({ is_active: 0 }).where('id', '=', 'promo-cola-off').execute();
    await ctx.db.deleteFrom('product_qty_discounts').where('id', '=', 'cola-tier-x').execute();
    await ctx.db.updateTable('products').set({ price1_cents: 1000, stock_on_hand: 100 }).where('id', '=', P.cola).execute();
    await call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token });
    advanceClock(STOCK_REFRESH_MS);
    expect(await cola()).toMatchObject({ price: 10, Inventory_OnHand: 100, quantity: 0, isDiscounted: false });
  });

  it('the stock label follows the stock on hand (within the stock refresh) and the back-order setting (at once)', async () => {
    const labels = async () => {
      const list = (await inventory({})).body.data.finalProductList as { id: string }[];
      return [byId(list, P.cola)?.stockLabel, byId(list, P.trailMix)?.stockLabel];
    };
    const setBackorders = async (on: boolean | null) => {
      await ctx.db.deleteFrom('settings').where('key', '=', 'allow_backorders').execute();
      if (on !== null)
        await ctx.db
          .insertInto('settings')
          .values({
            distributor_id: WORLD.distributorId,
            key: 'allow_backorders',
            value: String(on),
            updated_at: now().toISOString(),
          })
          .execute();
    };
    const setStock = async (stock: number) => {
      await ctx.db.updateTable('products').set({ stock_on_hand: stock }).where('id', 'in', [P.cola, P.trailMix]).execute();
      advanceClock(STOCK_REFRESH_MS);
    };
    // Trail mix hides its count from the retailer: its label still follows the stock.
    expect(await labels()).toEqual(['In Stock', 'Low Stock']);
    await setStock(0);
    expect(await labels()).toEqual(['Out of Stock', 'Out of Stock']);
    await setBackorders(true);
    expect(await labels()).toEqual(['Back-order', 'Back-order']);
    await setBackorders(false);
    expect(await labels()).toEqual(['Out of Stock', 'Out of Stock']);
    await setBackorders(null);
    await setStock(100);
    expect(await labels()).toEqual(['In Stock', 'Low Stock']);
  });

  it('a promotion starts and ends on time, with no other change to the catalogue', async () => {
    const cola = async () => byId((await inventory({ search: 'cola' })).body.data.finalProductList, P.cola)!;
    const discounted = async () =>
      (await inventory({ only: 'discounted' })).body.data.finalProductList.map((p: { id: string }) => p.id);
    const t = now().getTime();
    const startsAt = new Date(t + 600_000).toISOString();
    const endsAt = new Date(t + 1_200_000).toISOString();
    await insertPromotion(ctx.db, {
      id: 'promo-cola-later',
      kind: 'discount',
      productId: P.cola,
      discountBp: 2000,
      startsAt,
      endsAt,
    });
    expect(await cola()).toMatchObject({ price: 10, isDiscounted: false });
    // Within a second of each boundary (the test's own time runs on meanwhile: a few ms).
    advanceClock(600_000 - 300);
    expect(await cola()).toMatchObject({ price: 10, isDiscounted: false });
    advanceClock(300);
    expect(await cola()).toMatchObject({ price: 8, isDiscounted: true, discountPercent: 20 });
    expect(await discounted()).toContain(P.cola);
    advanceClock(600_000 - 300);
    expect(await cola()).toMatchObject({ price: 8, isDiscounted: true });
    advanceClock(300);
    expect(await cola()).toMatchObject({ price: 10, isDiscounted: false });
    await ctx.db.deleteFrom('promotions').where('id', '=', 'promo-cola-later').execute();
    expect(await cola()).toMatchObject({ price: 10, isDiscounted: false });
  });
});
