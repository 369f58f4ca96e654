// Admin banners over HTTP (create, edit, list, deactivate, validation, permission) and the banners a
// buyer is served: GET /sales/bannerList and /retailer/bannerList keep to the buyer's audience and to
// the banner's dates on the fake clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, createRetailers } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';

const C = WORLD.customers;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describe('banners: /api/admin/banners and the buyers’ bannerList', () => {
  let ctx: TestContext;
  let admin: string;
  let noPromo: string;
  let retailer101: string;
  let retailer202: string;
  let rep: string;

  const req = (method: string, url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
    call(ctx.app, { method: method as 'GET', url: `/api${url}`, token, payload, headers });
  const body = (over: object = {}) => ({
    title: 'Summer sale',
    imageUrl: '/product-images/banner-beverages.svg',
    linkUrl: '/retailer/product-catalog',
    startsAt: inHours(-1),
    endsAt: null,
    ...over,
  });
  const titles = (res: { body: { data: { bannerList: { title: string }[] } } }) =>
    res.body.data.bannerList.map((b) => b.title).sort();

  beforeAll(async () => {
    ctx = await createCatalogContext();
    const [other] = await createRetailers(ctx.db, 1);
    await ctx.db
      .updateTable('customers')
      .set({ route_number: '202', price_level: 3 })
      .where('id', '=', other!.customerId)
      .execute();
    await addDistributorUser(ctx.db, 'user-no-promo', { Vendors: { view: true } });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    noPromo = await tokenFor(ctx, 'user-no-promo');
    retailer101 = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer202 = await tokenFor(ctx, other!.userId);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
  });
  afterAll(() => ctx.close());
  afterEach(() => resetClock());

  it('creates, edits, lists, deactivates and reactivates a banner', async () => {
    const created = await req('POST', '/admin/banners', admin, body({ audience: { type: 'priceLevels', values: ['1', '2'] } }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Banner created');
    expect(created.body.data).toMatchObject({
      title: 'Summer sale',
      imageUrl: '/product-images/banner-beverages.svg',
      linkUrl: '/retailer/product-catalog',
      audience: { type: 'priceLevels', values: ['1', '2'] },
      status: 'active',
    });
    const id = created.body.data.id as string;
    const edited = await req('PUT', `/admin/banners/${id}`, admin, body({ title: 'Summer sale!', linkUrl: '' }));
    expect(edited.body).toMatchObject({
      message: 'Banner updated',
      data: { title: 'Summer sale!', linkUrl: null, audience: { type: 'all' } },
    });
    expect(await ctx.db.selectFrom('banner_audience').selectAll().where('banner_id', '=', id).execute()).toEqual([]);
    const list = await req('GET', '/admin/banners?search=summer&status=active', admin);
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id }] });
    expect((await req('POST', `/admin/banners/${id}/deactivate`, admin)).body).toMatchObject({
      message: 'Banner deactivated',
      data: { status: 'inactive' },
    });
    expect((await req('GET', '/admin/banners?status=inactive', admin)).body.data.items.map((b: { id: string }) => b.id)).toEqual([
      id,
    ]);
    expect((await req('POST', `/admin/banners/${id}/reactivate`, admin)).body.message).toBe('Banner reactivated');
    expect((await req('GET', '/admin/banners/nope', admin)).body.message).toBe('Banner not found');
  });

  it('answers validation messages and refuses users without the permission', async () => {
    const cases: [object, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ imageUrl: '' }, 'imageUrl', 'Image URL is required'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Enter a valid image URL (https://… or /…)'],
      [{ linkUrl: 'data:text/html,x' }, 'linkUrl', 'Enter a valid link (https://… or /…)'],
      [{ endsAt: inHours(-2) }, 'endsAt', 'End must be after start'],
      [{ audience: { type: 'routes', values: ['999'] } }, 'audience.values', 'No customer is on route 999'],
    ];
    for (const [over, field, message] of cases) {
      const res = await req('POST', '/admin/banners', admin, body(over));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
    }
    expect((await req('GET', '/admin/banners', noPromo)).status).toBe(403);
    expect((await req('POST', '/admin/banners', noPromo, body())).status).toBe(403);
    expect((await req('GET', '/admin/banners', retailer101)).status).toBe(403);
  });

  it('serves each buyer the running banners of its audience, with their link', async () => {
    await ctx.db.updateTable('banners').set({ is_active: 0 }).execute();
    await req('POST', '/admin/banners', admin, body({ title: 'Everyone' }));
    await req('POST', '/admin/banners', admin, body({ title: 'Route 101', audience: { type: 'routes', values: ['101'] } }));
    await req('POST', '/admin/banners', admin, body({ title: 'Route 202', audience: { type: 'routes', values: ['202'] } }));
    await req('POST', '/admin/banners', admin, body({ title: 'Level 3', audience: { type: 'priceLevels', values: ['3'] } }));
    await req(
      'POST',
      '/admin/banners',
      admin,
      body({ title: 'Store 10002', audience: { type: 'customers', values: [C.c10002] } }),
    );

    const mine = await req('GET', '/retailer/bannerList', retailer101);
    expect(mine.status).toBe(200);
    expect(titles(mine)).toEqual(['Everyone', 'Route 101']);
    expect(mine.body.data.bannerList.find((b: { title: string }) => b.title === 'Route 101')).toMatchObject({
      imageUrl: '/product-images/banner-beverages.svg',
      link: '/retailer/product-catalog',
      endsAt: null,
    });
    expect(titles(await req('GET', '/retailer/bannerList', retailer202))).toEqual(['Everyone', 'Level 3', 'Route 202']);

    // The rep: the customer named by x-customer-id, else the working customer, else banners for everyone.
    expect(titles(await req('GET', '/sales/bannerList', rep))).toEqual(['Everyone']);
    await req('POST', `/sales/setSalesSession/${C.c10002}`, rep);
    expect(titles(await req('GET', '/sales/bannerList', rep))).toEqual(['Everyone', 'Route 101', 'Store 10002']);
    expect(titles(await req('GET', '/sales/bannerList', rep, undefined, { 'x-customer-id': C.c10002 }))).toEqual([
      'Everyone',
      'Route 101',
      'Store 10002',
    ]);
  });

  it('shows a banner from its start to its end on the fake clock', async () => {
    await ctx.db.updateTable('banners').set({ is_active: 0 }).execute();
    await req('POST', '/admin/banners', admin, body({ title: 'Weekend', startsAt: inHours(1), endsAt: inHours(2) }));
    const shown = async () => titles(await req('GET', '/retailer/bannerList', retailer101));
    expect(await shown()).toEqual([]);
    advanceClock(HOUR - 5_000);
    expect(await shown()).toEqual([]);
    advanceClock(10_000);
    expect(await shown()).toEqual(['Weekend']);
    advanceClock(HOUR - 10_000);
    expect(await shown()).toEqual(['Weekend']);
    advanceClock(10_000);
    expect(await shown()).toEqual([]);
  });

  it('serves neither a switched-off banner nor one ended or not started, on either list', async () => {
    await ctx.db.updateTable('banners').set({ is_active: 0 }).execute();
    await req('POST', '/admin/banners', admin, body({ title: 'Running' }));
    const off = await req('POST', '/admin/banners', admin, body({ title: 'Switched off' }));
    await req('POST', `/admin/banners/${off.body.data.id}/deactivate`, admin);
    await req('POST', '/admin/banners', admin, body({ title: 'Ended', startsAt: inHours(-3), endsAt: inHours(-1) }));
    await req('POST', '/admin/banners', admin, body({ title: 'Tomorrow', startsAt: inHours(24) }));
    expect(titles(await req('GET', '/retailer/bannerList', retailer101))).toEqual(['Running']);
    expect(titles(await req('GET', '/sales/bannerList', rep, undefined, { 'x-customer-id': C.c10002 }))).toEqual(['Running']);
    advanceClock(25 * HOUR);
    expect(titles(await req('GET', '/sales/bannerList', rep, undefined, { 'x-customer-id': C.c10002 }))).toEqual([
      'Running',
      'Tomorrow',
    ]);
  });
});
