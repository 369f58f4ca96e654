// Promotions as retailers see them, through HTTP: a promotion made or edited at /api/admin/promotions
// changes at once the search, cart and placed order of the customers in its audience (route, price
// level, chosen customers) and of no one else; category and brand targets; start and end on time with
// the fake clock; the promoted shelf for its audience only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, P, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';

const C = WORLD.customers;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

type Product = { id: string; price?: number; listPrice?: number; isDiscounted: boolean; discountPercent: number | null };

describe('promotions in the catalogue, cart and orders', () => {
  let ctx: TestContext;
  let admin: string;
  /** Customer 10001, route 101, price level 1. */
  let onRoute101: string;
  /** Customer 10002, moved to route 303 and price level 2. (Neither has a minimum order here.) */
  let elsewhere: string;

  const req = (method: string, url: string, token: string, payload?: object) =>
    call(ctx.app, { method: method as 'GET', url: `/api${url}`, token, payload });
  const promotion = async (over: object) => {
    const res = await req('POST', '/admin/promotions', admin, {
      title: 'Test promotion',
      discountType: 'percent',
      discountValue: 20,
      audience: { type: 'all', values: [] },
      startsAt: inHours(-1),
      endsAt: inHours(24),
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string };
  };
  const searched = async (token: string, search: string): Promise<Product> => {
    const res = await req('POST', '/retailer/getInventory', token, { search });
    expect(res.status).toBe(200);
    return res.body.data.finalProductList[0] as Product;
  };
  const shelf = async (token: string, kind: 'discountedItems' | 'promotedItems', customerNumber: string) => {
    const res = await req('GET', `/dashboard/${kind}?role=retailer&customerNumber=${customerNumber}`, token);
    expect(res.status).toBe(200);
    const list = (res.body.data.finalProductList ?? res.body.data.promotedItemsList) as { id: string }[];
    return list.map((p) => p.id);
  };
  const orderLine = async (token: string, productId: string) => {
    await req('DELETE', '/retailer/cart/clear', token);
    expect((await req('POST', '/retailer/cart/add', token, { productId, quantity: 2 })).status).toBe(200);
    const cart = await req('GET', '/retailer/cart/items', token);
    const cartLine = cart.body.data.finalCartItems[0] as { price: number };
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(placed.status).toBe(200);
    const line = await ctx.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.unit_price_cents', 'o.subtotal_cents'])
      .where('o.order_number', '=', placed.body.data.orderNumber as string)
      .executeTakeFirstOrThrow();
    return { cartPrice: cartLine.price, unitCents: Number(line.unit_price_cents), subtotalCents: Number(line.subtotal_cents) };
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await ctx.db.updateTable('customers').set({ route_number: '303' }).where('id', '=', C.c10002).execute();
    await setCustomer(ctx.db, C.c10002, { price_level: 2, min_order_cents: null });
    await setCustomer(ctx.db, C.c10001, { min_order_cents: null });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    onRoute101 = await tokenFor(ctx, WORLD.users.retailer.id);
    elsewhere = await tokenFor(ctx, WORLD.users.retailer2.id);
  });
  afterAll(() => ctx.close());
  afterEach(() => resetClock());

  it('a route 101 promotion: its retailers see, cart and pay the discounted price; others do not; an edit shows at once', async () => {
    const { id } = await promotion({
      title: 'Route 101 energy',
      targets: { productIds: [P.energy] },
      audience: { type: 'routes', values: ['101'] },
    });
    expect(await searched(onRoute101, 'Energy')).toMatchObject({
      price: 2.4,
      listPrice: 3,
      isDiscounted: true,
      discountPercent: 20,
    });
    const other = await searched(elsewhere, 'Energy');
    expect(other).toMatchObject({ price: 3, isDiscounted: false, discountPercent: null });
    expect(other.listPrice).toBeUndefined();
    expect(await orderLine(onRoute101, P.energy)).toEqual({ cartPrice: 2.4, unitCents: 240, subtotalCents: 480 });
    expect(await orderLine(elsewhere, P.energy)).toEqual({ cartPrice: 3, unitCents: 300, subtotalCents: 600 });

    const edited = await req('PUT', `/admin/promotions/${id}`, admin, {
      title: 'Route 303 energy',
      discountType: 'amount',
      discountValue: 0.5,
      targets: { productIds: [P.energy] },
      audience: { type: 'routes', values: ['303'] },
      startsAt: inHours(-1),
      endsAt: inHours(24),
    });
    expect(edited.status).toBe(200);
    expect(await searched(onRoute101, 'Energy')).toMatchObject({ price: 3, isDiscounted: false });
    expect(await searched(elsewhere, 'Energy')).toMatchObject({ price: 2.5, listPrice: 3, isDiscounted: true });
    expect((await req('POST', `/admin/promotions/${id}/deactivate`, admin)).status).toBe(200);
    expect(await searched(elsewhere, 'Energy')).toMatchObject({ price: 3, isDiscounted: false });
  });

  it('a category promotion for chosen customers applies to them only, on the discounted shelf too', async () => {
    const { id } = await promotion({
      title: 'Snacks for 10002',
      discountType: 'amount',
      discountValue: 1,
      targets: { categoryIds: [CAT.snacks] },
      audience: { type: 'customers', values: [C.c10002] },
    });
    expect(await searched(elsewhere, 'Trail Mix')).toMatchObject({ price: 5, listPrice: 6, isDiscounted: true });
    expect(await searched(onRoute101, 'Trail Mix')).toMatchObject({ price: 6, isDiscounted: false });
    expect(await shelf(elsewhere, 'discountedItems', '10002')).toContain(P.trailMix);
    expect(await shelf(onRoute101, 'discountedItems', '10001')).not.toContain(P.trailMix);
    await req('POST', `/admin/promotions/${id}/deactivate`, admin);
  });

  it('a price-level promotion applies to that level only; the larger discount wins over the 10 % for everyone', async () => {
    const { id } = await promotion({
      title: 'Level 2 lime',
      targets: { productIds: [P.lime] },
      audience: { type: 'priceLevels', values: ['2'] },
    });
    // 3.33 less 20 % (0.67) for level 2; level 1 keeps the everyone's 10 % (3.00).
    expect(await searched(elsewhere, 'Lime')).toMatchObject({ price: 2.66, listPrice: 3.33, discountPercent: 20 });
    expect(await searched(onRoute101, 'Lime')).toMatchObject({ price: 3, listPrice: 3.33, discountPercent: 10 });
    await req('POST', `/admin/promotions/${id}/deactivate`, admin);
  });

  it('starts and ends on time by the clock', async () => {
    await promotion({
      title: 'Crackers hour',
      discountType: 'percent',
      discountValue: 50,
      targets: { brands: ['crunchy'] },
      startsAt: inHours(1),
      endsAt: inHours(2),
    });
    expect(await searched(onRoute101, 'Crackers')).toMatchObject({ price: 1.99, isDiscounted: false });
    expect(await shelf(onRoute101, 'discountedItems', '10001')).not.toContain(P.crackers);
    advanceClock(HOUR - 2_000);
    expect(await searched(onRoute101, 'Crackers')).toMatchObject({ isDiscounted: false });
    advanceClock(2_000);
    expect(await searched(onRoute101, 'Crackers')).toMatchObject({ price: 0.99, listPrice: 1.99, isDiscounted: true });
    expect(await shelf(onRoute101, 'discountedItems', '10001')).toContain(P.crackers);
    advanceClock(HOUR);
    expect(await searched(onRoute101, 'Crackers')).toMatchObject({ price: 1.99, isDiscounted: false });
    expect(await shelf(onRoute101, 'discountedItems', '10001')).not.toContain(P.crackers);
  });

  it('the promoted shelf lists a promoted product for its audience only', async () => {
    const { id } = await promotion({
      title: 'Pretzels on route 101',
      discountType: 'none',
      promoted: true,
      targets: { productIds: [P.pretzels] },
      audience: { type: 'routes', values: ['101'] },
    });
    expect(await shelf(onRoute101, 'promotedItems', '10001')).toContain(P.pretzels);
    expect(await shelf(elsewhere, 'promotedItems', '10002')).not.toContain(P.pretzels);
    expect(await searched(onRoute101, 'Pretzels')).toMatchObject({ isDiscounted: false });
    await req('POST', `/admin/promotions/${id}/deactivate`, admin);
    expect(await shelf(onRoute101, 'promotedItems', '10001')).not.toContain(P.pretzels);
  });
});
