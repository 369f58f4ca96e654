// What each request reads about its caller (session, user) is kept in memory on SQLite, and the catalogue
// in memory on both databases; these check that a kept answer never outlives a change of its rows (the
// catalogue: within its freshness rule, docs/operations.md), whoever makes it.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../src/db/seed/base-world.ts';
import { createCatalogContext, P } from './fixtures/catalog-fixtures.ts';
import { call, compressedInventory, tokenFor, usePostgres, type TestContext } from './helper.ts';
import { advanceClock } from '../src/platform/clock.ts';
import { STOCK_REFRESH_MS } from '../src/modules/catalog/catalog-snapshot.ts';

const EXPIRED = { success: false, message: 'Session expired. Please sign in again.', error: { code: 'UNAUTHORIZED' } };

describe('per-request answers kept in memory follow their rows', () => {
  let ctx: TestContext;
  const me = (token: string) => call(ctx.app, { method: 'GET', url: '/api/retailer/warehouseProfile', token });
  const cola = async (token: string) => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload: { search: 'cola' }, token });
    return (res.body.data.finalProductList as { id: string; price: number; quantity: number }[]).find((p) => p.id === P.cola)!;
  };
  /** A second connection to the same file: another process, as far as the server can tell. */
  const otherConnection = () => new SQLite(ctx.config.database.kind === 'sqlite' ? ctx.config.database.file : '');

  beforeAll(async () => {
    ctx = await createCatalogContext();
  });
  afterAll(() => ctx.close());

  it('a session revoked in the database stops working on the next request', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await me(token)).status).toBe(200);
    await ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', WORLD.users.retailer.id)
      .execute();
    expect((await me(token)).body).toEqual(EXPIRED);
  });

  it('a deactivated user is refused on the next request', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await me(token)).status).toBe(200);
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', WORLD.users.retailer.id).execute();
    expect((await me(token)).body).toEqual(EXPIRED);
    await ctx.db.updateTable('users').set({ is_active: 1 }).where('id', '=', WORLD.users.retailer.id).execute();
    expect((await me(token)).status).toBe(200);
  });

  it.skipIf(usePostgres)('a revocation written by another program is seen on the next request', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await me(token)).status).toBe(200);
    const other = otherConnection();
    other.prepare('update sessions set revoked_at = ? where user_id = ?').run(new Date().toISOString(), WORLD.users.retailer.id);
    other.close();
    expect((await me(token)).body).toEqual(EXPIRED);
  });

  it('the store’s price level and cart, changed anywhere, show on the next search', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    const level1 = (await cola(token)).price;
    await ctx.db.updateTable('customers').set({ price_level: 2 }).where('id', '=', WORLD.customers.c10001).execute();
    const level2 = (await cola(token)).price;
    expect(level2).not.toBe(level1);
    if (!usePostgres) {
      const other = otherConnection();
      other.prepare('update customers set price_level = 1 where id = ?').run(WORLD.customers.c10001);
      other.close();
    } else {
      await ctx.db.updateTable('customers').set({ price_level: 1 }).where('id', '=', WORLD.customers.c10001).execute();
    }
    expect((await cola(token)).price).toBe(level1);

    expect((await cola(token)).quantity).toBe(0);
    await ctx.db
      .insertInto('cart_items')
      .values({
        id: 'cart-line-x',
        customer_id: WORLD.customers.c10001,
        user_id: WORLD.users.retailer.id,
        product_id: P.cola,
        quantity: 4,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await cola(token)).quantity).toBe(4);
    await ctx.db.deleteFrom('cart_items').where('id', '=', 'cart-line-x').execute();
    expect((await cola(token)).quantity).toBe(0);
  });

  it.skipIf(usePostgres)(
    'a price changed by another program shows on the next search; a stock count within the stock refresh',
    async () => {
      const token = await tokenFor(ctx, WORLD.users.retailer.id);
      const compressed = async () =>
        (await compressedInventory(ctx.app, token, { search: 'cola' })).find((p) => p.id === P.cola)!;
      const plain = async () => (await cola(token)) as { Inventory_OnHand?: number; price: number };
      expect((await plain()).Inventory_OnHand).toBe(100);
      const other = otherConnection();
      other.prepare('update products set stock_on_hand = 61, price1_cents = 1200 where id = ?').run(P.cola);
      other.close();
      expect((await plain()).price).toBe(12);
      advanceClock(STOCK_REFRESH_MS);
      expect([(await plain()).Inventory_OnHand, (await compressed()).Inventory_OnHand]).toEqual([61, 61]);
      await ctx.db.updateTable('products').set({ stock_on_hand: 100, price1_cents: 1000 }).where('id', '=', P.cola).execute();
      advanceClock(STOCK_REFRESH_MS);
      expect([(await compressed()).Inventory_OnHand, (await plain()).price]).toEqual([100, 10]);
    },
  );
});
