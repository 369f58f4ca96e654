// Losing the race for stock inside Place order's transaction: the cart was checked and found fine,
// then another buyer took the units before this order's stock-taking statement. Every short line is
// reported at once (CART_PROBLEMS, with what is left), and nothing of the order is written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTrx } from '../../db/database.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import * as cart from '../cart/cart.service.ts';

/** Stock the "other buyer" takes right after the cart check, inside the order's transaction. */
const takenMeanwhile = new Map<string, number>();

vi.mock('../cart/cart.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof cart>();
  return {
    ...real,
    priceCart: vi.fn(async (db: DbOrTrx, buyer: Parameters<typeof real.priceCart>[1]) => {
      const priced = await real.priceCart(db, buyer);
      for (const [id, stock] of takenMeanwhile)
        await db.updateTable('products').set({ stock_on_hand: stock }).where('id', '=', id).execute();
      return priced;
    }),
  };
});

describe('Place order after losing the race for stock', () => {
  let ctx: TestContext;
  let token: string;
  const stockOf = async (id: string) =>
    (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', id).executeTakeFirstOrThrow()).stock_on_hand;
  const add = (productId: string, quantity: number) =>
    call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId, quantity }, token });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await setCustomer(ctx.db, WORLD.customers.c10001, { min_order_cents: null });
    await insertProduct(ctx.db, { id: 'r-a', item_number: 'RACE-A', description: 'Race Soda', stock_on_hand: 5 });
    await insertProduct(ctx.db, { id: 'r-b', item_number: 'RACE-B', description: 'Race Chips', stock_on_hand: 5 });
    await insertProduct(ctx.db, { id: 'r-c', item_number: 'RACE-C', description: 'Race Water', stock_on_hand: 50 });
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  it('lists every short line at once with what is left, and writes nothing', async () => {
    await add('r-a', 4);
    await add('r-b', 3);
    await add('r-c', 2);
    takenMeanwhile.set('r-a', 1).set('r-b', 0);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    takenMeanwhile.clear();
    expect(vi.mocked(cart.priceCart)).toHaveBeenCalled();
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: '2 items in your cart need attention. Please fix the marked lines.',
      error: { code: 'CART_PROBLEMS' },
    });
    const problems = (res.body.data.problems as { productId: string }[]).sort((a, b) => (a.productId < b.productId ? -1 : 1));
    expect(problems).toEqual([
      {
        productId: 'r-a',
        itemNumber: 'RACE-A',
        description: 'Race Soda',
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 1 left in stock.',
        fix: 'reduce',
        fixQuantity: 1,
      },
      {
        productId: 'r-b',
        itemNumber: 'RACE-B',
        description: 'Race Chips',
        code: 'OUT_OF_STOCK',
        message: 'Out of stock.',
        fix: 'remove',
        fixQuantity: null,
      },
    ]);
    // Rolled back whole: the lines taken, the stand-in other buyer's change, no order, the cart kept.
    expect([await stockOf('r-a'), await stockOf('r-b'), await stockOf('r-c')]).toEqual([5, 5, 50]);
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(0);
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token })).body.data.count).toBe(3);
  });
});
