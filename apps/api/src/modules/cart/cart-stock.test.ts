// Stock at the cart and at Place order over HTTP, for the retailer and the sales rep (issue 13,
// docs/ordering.md "Stock"): refusals at add/update with the available quantity, back-orders by the
// product's flag or the distributor's setting, every line's problems on every cart answer, and Place
// order refusing with all problem lines at once while writing nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { catalogChanged } from '../catalog/catalog.service.ts';

const C1 = WORLD.customers.c10001;
const D = WORLD.distributorId;

/** The products of these tests and their stock at the start of each. */
const STOCK = { 'p-none': 0, 'p-five': 5, 'p-ten': 10, 'p-bo': 0, 'p-plenty': 100 } as const;
type Id = keyof typeof STOCK;

const OUT: object = { code: 'OUT_OF_STOCK', message: 'Out of stock.', fix: 'remove', fixQuantity: null };
const only = (n: number) => ({ code: 'INSUFFICIENT_STOCK', message: `Only ${n} left in stock.`, fix: 'reduce', fixQuantity: n });

describe('stock at the cart and at Place order', () => {
  let ctx: TestContext;
  let retailer: string;
  let rep: string;

  const setStock = (id: Id, stock: number) =>
    ctx.db.updateTable('products').set({ stock_on_hand: stock }).where('id', '=', id).execute();
  const stockOf = async (id: Id) =>
    (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', id).executeTakeFirstOrThrow()).stock_on_hand;
  const setBackorders = async (value: unknown) => {
    await ctx.db.deleteFrom('settings').where('distributor_id', '=', D).where('key', '=', 'allow_backorders').execute();
    await ctx.db
      .insertInto('settings')
      .values({
        distributor_id: D,
        key: 'allow_backorders',
        value: JSON.stringify(value),
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
  };
  const orderCount = async () => (await ctx.db.selectFrom('orders').select('id').execute()).length;

  /** The same calls for both audiences. */
  const as = {
    retailer: {
      add: (productId: string, quantity: number) =>
        call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token: retailer }),
      update: (productId: string, quantity: number) =>
        call(ctx.app, { method: 'PUT', url: `/api/retailer/cart/items/${productId}`, payload: { quantity }, token: retailer }),
      remove: (productId: string) =>
        call(ctx.app, { method: 'DELETE', url: `/api/retailer/cart/items/${productId}`, token: retailer }),
      items: () => call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token: retailer }),
      clear: () => call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token: retailer }),
      place: () =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/retailer/placeOrder',
          payload: {},
          headers: { 'is-web-order': 'true' },
          token: retailer,
        }),
      inventory: () =>
        call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload: { limit: 200 }, token: retailer }),
    },
    sales: {
      add: (productId: string, quantity: number) =>
        call(ctx.app, {
          method: 'POST',
          url: `/api/sales/addToCart/${C1}`,
          payload: { productId, quantity },
          token: rep,
          headers: bound,
        }),
      update: (productId: string, quantity: number) =>
        call(ctx.app, {
          method: 'PUT',
          url: `/api/sales/cartItem/${productId}`,
          payload: { quantity },
          token: rep,
          headers: bound,
        }),
      remove: (productId: string) =>
        call(ctx.app, { method: 'DELETE', url: `/api/sales/cartItem/${productId}`, token: rep, headers: bound }),
      items: () => call(ctx.app, { method: 'GET', url: `/api/sales/cartItem/${C1}`, token: rep, headers: bound }),
      clear: () => call(ctx.app, { method: 'DELETE', url: `/api/sales/clearCart/${C1}`, token: rep, headers: bound }),
      place: () =>
        call(ctx.app, {
          method: 'POST',
          url: `/api/sales/placeOrder/${C1}`,
          payload: {},
          headers: { ...bound, 'is-web-order': 'true' },
          token: rep,
        }),
      inventory: () =>
        call(ctx.app, {
          method: 'POST',
          url: `/api/sales/getInventoryItems/${C1}`,
          payload: { limit: 200 },
          token: rep,
          headers: bound,
        }),
    },
  };
  const bound = { 'x-customer-id': C1, 'x-customer-number': '10001' };
  const line = (body: { data: { finalCartItems: { productId: string }[] } }, id: Id) =>
    body.data.finalCartItems.find((i) => i.productId === id) as Record<string, unknown> | undefined;
  /**
   * A product as the catalogue shows it once its stock has been refreshed. Stock labels may be one
   * refresh behind the stock these tests write straight to the database (docs/operations.md, "Catalogue
   * freshness"); catalogChanged makes the next read refresh stock at once, however slow the run.
   */
  const product = async (who: keyof typeof as, id: Id) => {
    catalogChanged(ctx.db, D);
    return ((await as[who].inventory()).body.data.finalProductList as { id: string }[]).find((p) => p.id === id) as
      Record<string, unknown> | undefined;
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    const base = { price1_cents: 2000 };
    await insertProduct(ctx.db, {
      ...base,
      id: 'p-none',
      item_number: 'STK-0',
      description: 'Empty Shelf Soda',
      stock_on_hand: 0,
    });
    await insertProduct(ctx.db, {
      ...base,
      id: 'p-five',
      item_number: 'STK-5',
      description: 'Five Left Chips',
      stock_on_hand: 5,
    });
    await insertProduct(ctx.db, {
      ...base,
      id: 'p-ten',
      item_number: 'STK-10',
      description: 'Ten Pack Water',
      stock_on_hand: 10,
    });
    await insertProduct(ctx.db, {
      ...base,
      id: 'p-bo',
      item_number: 'STK-BO',
      description: 'Backorder Beans',
      stock_on_hand: 0,
      allow_backorder: 1,
    });
    await insertProduct(ctx.db, {
      ...base,
      id: 'p-plenty',
      item_number: 'STK-100',
      description: 'Plenty Rice',
      stock_on_hand: 100,
    });
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    expect((await call(ctx.app, { method: 'POST', url: `/api/sales/setSalesSession/${C1}`, token: rep })).status).toBe(200);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await as.retailer.clear();
    await as.sales.clear();
    await ctx.db.deleteFrom('settings').execute();
    await setCustomer(ctx.db, C1, { min_order_cents: null, item_limit_qty: null });
    for (const [id, stock] of Object.entries(STOCK)) await setStock(id as Id, stock);
  });

  for (const who of ['retailer', 'sales'] as const) {
    describe(`as the ${who}`, () => {
      it('nothing on hand is refused at add with OUT_OF_STOCK, and nothing is added', async () => {
        const res = await as[who].add('p-none', 1);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          success: false,
          message: 'Empty Shelf Soda (STK-0) is out of stock.',
          error: { code: 'OUT_OF_STOCK' },
          data: { productId: 'p-none', available: 0 },
        });
        expect((await as[who].items()).body.data.count).toBe(0);
      });

      it('more than on hand is refused at add (in the cart plus added) and at update, with what is left', async () => {
        expect((await as[who].add('p-five', 3)).status).toBe(200);
        const more = await as[who].add('p-five', 3);
        expect(more.status).toBe(409);
        expect(more.body).toEqual({
          success: false,
          message: 'Only 5 of Five Left Chips (STK-5) left in stock.',
          error: { code: 'INSUFFICIENT_STOCK' },
          data: { productId: 'p-five', available: 5 },
        });
        const update = await as[who].update('p-five', 6);
        expect(update.status).toBe(409);
        expect(update.body).toMatchObject({
          message: 'Only 5 of Five Left Chips (STK-5) left in stock.',
          error: { code: 'INSUFFICIENT_STOCK' },
          data: { productId: 'p-five', available: 5 },
        });
        expect(line((await as[who].items()).body, 'p-five')).toMatchObject({ Product: { Qty: 3 } });
        const all = await as[who].update('p-five', 5);
        expect(all.status).toBe(200);
        expect(line(all.body, 'p-five')).toMatchObject({ Product: { Qty: 5 }, stockLabel: 'In Stock', problems: [] });
      });

      it('a back-order product (its own flag) is labelled Back-order, added beyond stock and ordered', async () => {
        expect(await product(who, 'p-bo')).toMatchObject({ stockLabel: 'Back-order' });
        expect(await product(who, 'p-none')).toMatchObject({ stockLabel: 'Out of Stock' });
        const added = await as[who].add('p-bo', 4);
        expect(added.status).toBe(200);
        expect(line(added.body, 'p-bo')).toMatchObject({ stockLabel: 'Back-order', problems: [] });
        expect(added.body.data.problemCount).toBe(0);
        const placed = await as[who].place();
        expect(placed.status).toBe(200);
        expect(await stockOf('p-bo')).toBe(-4);
      });

      it('the distributor’s allow_backorders setting makes every product back-orderable', async () => {
        await setBackorders(true);
        expect(await product(who, 'p-none')).toMatchObject({ stockLabel: 'Back-order' });
        expect(await product(who, 'p-five')).toMatchObject({ stockLabel: 'In Stock' });
        expect((await as[who].add('p-none', 2)).status).toBe(200);
        const beyond = await as[who].add('p-five', 7);
        expect(beyond.status).toBe(200);
        expect(beyond.body.data).toMatchObject({ problemCount: 0 });
        expect(line(beyond.body, 'p-none')).toMatchObject({ stockLabel: 'Back-order', problems: [] });
        expect((await as[who].place()).status).toBe(200);
        expect(await stockOf('p-none')).toBe(-2);
        expect(await stockOf('p-five')).toBe(-2);
        await setBackorders(false);
        expect(await product(who, 'p-none')).toMatchObject({ stockLabel: 'Out of Stock' });
        expect((await as[who].add('p-none', 1)).body.error.code).toBe('OUT_OF_STOCK');
      });

      it('every cart answer lists the lines whose stock dropped after adding, each with its fix', async () => {
        await as[who].add('p-five', 4);
        await as[who].add('p-ten', 8);
        await as[who].add('p-plenty', 2);
        // Sold elsewhere meanwhile.
        await setStock('p-five', 0);
        await setStock('p-ten', 3);
        const got = await as[who].items();
        expect(got.status).toBe(200);
        expect(got.body.data.problemCount).toBe(2);
        expect(line(got.body, 'p-five')).toMatchObject({ stockLabel: 'Out of Stock', problems: [OUT] });
        expect(line(got.body, 'p-ten')).toMatchObject({ stockLabel: 'In Stock', problems: [only(3)] });
        expect(line(got.body, 'p-plenty')).toMatchObject({ problems: [] });
        // The fixes: reduce to what is left, remove; each answer counts again.
        const reduced = await as[who].update('p-ten', 3);
        expect(reduced.status).toBe(200);
        expect(reduced.body.data.problemCount).toBe(1);
        const removed = await as[who].remove('p-five');
        expect(removed.body.data.problemCount).toBe(0);
      });

      it('Place order lists every problem line at once and writes nothing; fixed, it is placed in one attempt', async () => {
        await as[who].add('p-five', 4);
        await as[who].add('p-ten', 8);
        await as[who].add('p-plenty', 2);
        await setStock('p-five', 0);
        await setStock('p-ten', 3);
        const orders = await orderCount();
        const res = await as[who].place();
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          success: false,
          message: '2 items in your cart need attention. Please fix the marked lines.',
          error: { code: 'CART_PROBLEMS' },
        });
        const problems = (res.body.data.problems as { productId: string }[]).sort((a, b) => (a.productId < b.productId ? -1 : 1));
        expect(problems).toEqual([
          { productId: 'p-five', itemNumber: 'STK-5', description: 'Five Left Chips', ...OUT },
          { productId: 'p-ten', itemNumber: 'STK-10', description: 'Ten Pack Water', ...only(3) },
        ]);
        expect(await orderCount()).toBe(orders);
        expect([await stockOf('p-five'), await stockOf('p-ten'), await stockOf('p-plenty')]).toEqual([0, 3, 100]);
        expect((await as[who].items()).body.data).toMatchObject({ count: 3, problemCount: 2 });

        await as[who].remove('p-five');
        await as[who].update('p-ten', 3);
        const placed = await as[who].place();
        expect(placed.status).toBe(200);
        expect([await stockOf('p-ten'), await stockOf('p-plenty')]).toEqual([0, 98]);
      });
    });
  }
});
