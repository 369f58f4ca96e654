// Sales catalogue, cart and orders over HTTP: the retailer module's services with the rep's customer
// binding — the customer's prices, the rep-facing flags, the rep's own cart, orders placed as sales.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogFixtures, insertProduct, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';

const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;
const C3 = WORLD.customers.c10003;

type Product = Record<string, unknown> & { id: string };

describe('sales ordering for a chosen customer', () => {
  let ctx: TestContext;
  let rep: string;
  let retailer: string;
  const as1 = { 'x-customer-id': C1, 'x-customer-number': '10001' };

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await createCatalogFixtures(ctx.db);
    // The same products with the rep's flags set the other way round from the retailer's.
    await ctx.db.updateTable('products').set({ show_without_price_to_sales: 1 }).where('id', '=', P.cola).execute();
    await ctx.db.updateTable('products').set({ show_inventory_stock_to_sales: 0, show_low_stock_to_sales: 1, allow_to_order_sales: 0 }).where('id', '=', P.lime).execute();
    await insertProduct(ctx.db, { id: 'p-water', item_number: 'BEV-400', description: 'Spring Water 1L', price1_cents: 200, price3_cents: 150 });
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep })).status).toBe(200);
  });

  const inventory = async (token: string, url: string, headers: Record<string, string> = {}, payload: object = {}) => {
    const res = await call(ctx.app, { method: 'POST', url, token, headers, payload });
    return { ...res, byId: new Map<string, Product>((res.body.data?.finalProductList ?? []).map((p: Product) => [p.id, p])) };
  };

  it('getInventoryItems and getInventoryItemsBySalesMan answer the catalogue with the rep-facing flags, not the retailer’s', async () => {
    const mine = await inventory(retailer, '/api/retailer/getInventory');
    expect(mine.status).toBe(200);
    for (const url of [`/api/sales/getInventoryItems/${C1}`, `/api/sales/getInventoryItemsBySalesMan/${C1}`]) {
      const res = await inventory(rep, url, as1);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(mine.body.data.total);

      // Trail mix: the retailer sees low stock and no count; the rep (sales flags on) sees the count.
      expect(mine.byId.get(P.trailMix)).toMatchObject({ stockLabel: 'Low Stock', showTheInventoryStock: false });
      expect(mine.byId.get(P.trailMix)).not.toHaveProperty('Inventory_OnHand');
      expect(res.byId.get(P.trailMix)).toMatchObject({ stockLabel: 'In Stock', showTheInventoryStockToSalesRep: true, showLowStockToSalesRep: false, Inventory_OnHand: 100 });

      // Pretzels: price hidden from the retailer, shown to the rep.
      expect(mine.byId.get(P.pretzels)).not.toHaveProperty('price');
      expect(res.byId.get(P.pretzels)).toMatchObject({ price: 4, showWithOutPriceToSalesRep: false });

      // Cola: price shown to the retailer, hidden from the rep.
      expect(mine.byId.get(P.cola)).toMatchObject({ price: 10 });
      expect(res.byId.get(P.cola)).toMatchObject({ showWithOutPriceToSalesRep: true });
      expect(res.byId.get(P.cola)).not.toHaveProperty('price');

      // Crackers: the retailer may not order them, the rep may; lime the other way round, and low stock for the rep.
      expect(mine.byId.get(P.crackers)).toMatchObject({ allowToOrder: false });
      expect(res.byId.get(P.crackers)).toMatchObject({ allowToOrderSalesRep: true });
      expect(mine.byId.get(P.lime)).toMatchObject({ allowToOrder: true, stockLabel: 'In Stock' });
      expect(res.byId.get(P.lime)).toMatchObject({ allowToOrderSalesRep: false, stockLabel: 'Low Stock' });
      // The retailer's answer carries no rep flags.
      expect(mine.byId.get(P.lime)).not.toHaveProperty('allowToOrderSalesRep');
    }
  });

  it('prices the catalogue at the chosen customer’s price level, with the retailer’s filters', async () => {
    await setCustomer(ctx.db, C2, { price_level: 3 });
    await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C2}`, token: rep });
    const res = await inventory(rep, `/api/sales/getInventoryItems/${C2}`, { 'x-customer-id': C2 }, { search: 'spring water' });
    expect(res.status).toBe(200);
    expect(res.body.data.finalProductList.map((p: Product) => p.id)).toEqual(['p-water']);
    expect(res.byId.get('p-water')).toMatchObject({ PriceClass: 3, price: 1.5 });
    // the retailer of 10001 (level 1) pays the level-1 price for the same product
    const mine = await inventory(retailer, '/api/retailer/getInventory', {}, { search: 'spring water' });
    expect(mine.byId.get('p-water')).toMatchObject({ PriceClass: 1, price: 2 });
    await setCustomer(ctx.db, C2, { price_level: 1 });
  });

  it('inventory calls keep the binding rules: missing header, path mismatch, other rep’s customer, bad filter', async () => {
    const none = await inventory(rep, `/api/sales/getInventoryItems/${C1}`);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Customer ID not found');
    const mismatch = await inventory(rep, `/api/sales/getInventoryItems/${C2}`, as1);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The customer in the path does not match the x-customer-id header');
    const foreign = await inventory(rep, `/api/sales/getInventoryItems/${C3}`, { 'x-customer-id': C3 });
    expect(foreign.status).toBe(403);
    const bad = await inventory(rep, `/api/sales/getInventoryItems/${C1}`, as1, { limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be 1 or more');
  });
});
