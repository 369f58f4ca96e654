// Admin promotions over HTTP: create, edit, list by status, deactivate and reactivate with their messages
// and stored rows; validation messages; targets and audience values that must exist; another
// distributor's promotion; the Promo & Marketing permission; the retailer price preview for a customer
// on route 101 and one on route 202; the choices the forms pick from (searched as a clerk searches,
// named values labelled, only the distributor's own rows, clear 400s). (The catalogue's side:
// promotions-catalogue.test.ts.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const C = WORLD.customers;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describe('admin promotions: /api/admin/promotions', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let noPromo: string;
  let otherAdmin: string;
  let retailer: string;

  const req = (method: string, url: string, token: string, payload?: object) =>
    call(ctx.app, { method: method as 'GET', url: `/api${url}`, token, payload });
  const body = (over: object = {}) => ({
    title: 'Cola week',
    discountType: 'percent',
    discountValue: 10,
    targets: { productIds: [P.cola] },
    audience: { type: 'routes', values: ['101'] },
    startsAt: inHours(-1),
    endsAt: inHours(24 * 7),
    ...over,
  });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await addDistributor(ctx.db, 'dist-2');
    await addDistributorUser(ctx.db, 'user-promo-view', { 'Promo & Marketing': { view: true } });
    await addDistributorUser(ctx.db, 'user-no-promo', { Vendors: ALL, Products: ALL });
    await addDistributorUser(ctx.db, 'user-other-admin', { 'Promo & Marketing': ALL }, 'dist-2');
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    viewOnly = await tokenFor(ctx, 'user-promo-view');
    noPromo = await tokenFor(ctx, 'user-no-promo');
    otherAdmin = await tokenFor(ctx, 'user-other-admin');
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());
  afterEach(() => resetClock());

  it('creates a promotion for route 101 and stores its targets and audience', async () => {
    const res = await req('POST', '/admin/promotions', admin, body({ targets: { productIds: [P.cola], brands: ['crunchy'] } }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Promotion created');
    expect(res.body.data).toMatchObject({
      title: 'Cola week',
      discountType: 'percent',
      discountValue: 10,
      promoted: false,
      targets: { productIds: [P.cola], categoryIds: [], brands: ['crunchy'], vendorIds: [] },
      audience: { type: 'routes', values: ['101'] },
      isActive: true,
      status: 'active',
    });
    const id = res.body.data.id as string;
    const row = await ctx.db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      discount_type: 'percent',
      discount_value: 1000,
      audience: 'routes',
      kind: 'rule',
      product_id: null,
    });
    const targets = await ctx.db
      .selectFrom('promotion_targets')
      .select(['target_type', 'target_value'])
      .where('promotion_id', '=', id)
      .execute();
    expect(targets.map((t) => `${t.target_type}:${t.target_value}`).sort()).toEqual(['brand:crunchy', `product:${P.cola}`]);
    const audience = await ctx.db
      .selectFrom('promotion_audience')
      .select('audience_value')
      .where('promotion_id', '=', id)
      .execute();
    expect(audience).toEqual([{ audience_value: '101' }]);
  });

  it('answers each validation rule with its message under the field, and stores nothing', async () => {
    const before = (
      await ctx.db
        .selectFrom('promotions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const cases: [object, string, string][] = [
      [{ title: '  ' }, 'title', 'Title is required'],
      [{ endsAt: inHours(-2) }, 'endsAt', 'End must be after start'],
      [{ discountValue: 0 }, 'discountValue', 'Percent must be more than 0 and at most 100'],
      [{ discountValue: 101 }, 'discountValue', 'Percent must be more than 0 and at most 100'],
      [{ discountType: 'amount', discountValue: 0 }, 'discountValue', 'Amount must be more than 0'],
      [{ targets: {} }, 'targets', 'Choose at least one product, category, brand or vendor'],
      [{ audience: { type: 'customers', values: [] } }, 'audience.values', 'Choose at least one customer'],
      [{ audience: { type: 'priceLevels', values: ['9'] } }, 'audience.values', 'Price levels are 1 to 5'],
      [{ targets: { productIds: ['p-nope'] } }, 'targets.productIds', 'Unknown product: p-nope'],
      [{ targets: { categoryIds: ['cat-nope'] } }, 'targets.categoryIds', 'Unknown category: cat-nope'],
      [{ targets: { vendorIds: ['v-nope'] } }, 'targets.vendorIds', 'Unknown vendor: v-nope'],
      [{ targets: { brands: ['Nobrand'] } }, 'targets.brands', 'No product has the brand Nobrand'],
      [{ audience: { type: 'routes', values: ['999'] } }, 'audience.values', 'No customer is on route 999'],
      [{ audience: { type: 'customers', values: ['cust-nope'] } }, 'audience.values', 'Unknown customer: cust-nope'],
    ];
    for (const [over, field, message] of cases) {
      const res = await req('POST', '/admin/promotions', admin, body(over));
      expect(res.status, message).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
    }
    const after = (
      await ctx.db
        .selectFrom('promotions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('lists by status, title search and sort, with totals', async () => {
    const make = async (title: string, over: object) =>
      (await req('POST', '/admin/promotions', admin, body({ title, ...over }))).body.data.id as string;
    await make('Zz scheduled', { startsAt: inHours(24), endsAt: inHours(48) });
    await make('Zz ended', { startsAt: inHours(-48), endsAt: inHours(-24) });
    const off = await make('Zz switched off', {});
    expect((await req('POST', `/admin/promotions/${off}/deactivate`, admin)).body.message).toBe('Promotion deactivated');

    const list = async (q: string) => (await req('GET', `/admin/promotions?search=zz&${q}`, admin)).body.data;
    expect((await list('status=scheduled')).items.map((p: { title: string }) => p.title)).toEqual(['Zz scheduled']);
    expect((await list('status=ended')).items.map((p: { title: string }) => p.title)).toEqual(['Zz ended']);
    expect((await list('status=inactive')).items.map((p: { title: string }) => p.title)).toEqual(['Zz switched off']);
    const all = await list('sort=title&dir=asc&limit=2');
    expect(all).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(all.items.map((p: { title: string }) => p.title)).toEqual(['Zz ended', 'Zz scheduled']);
    expect((await list('page=2&limit=2&sort=title&dir=asc')).items.map((p: { status: string }) => p.status)).toEqual([
      'inactive',
    ]);
    const bad = await req('GET', '/admin/promotions?status=running', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of: all, active, scheduled, ended, inactive');
  });

  it('edits (targets and audience replaced), deactivates and reactivates; the status follows the fake clock', async () => {
    const created = await req('POST', '/admin/promotions', admin, body({ startsAt: inHours(1), endsAt: inHours(2) }));
    const id = created.body.data.id as string;
    expect(created.body.data.status).toBe('scheduled');
    advanceClock(HOUR + 1000);
    expect((await req('GET', `/admin/promotions/${id}`, admin)).body.data.status).toBe('active');
    advanceClock(HOUR);
    expect((await req('GET', `/admin/promotions/${id}`, admin)).body.data.status).toBe('ended');
    resetClock();

    const edited = await req(
      'PUT',
      `/admin/promotions/${id}`,
      admin,
      body({ discountType: 'amount', discountValue: 1.5, targets: { categoryIds: [CAT.snacks] }, audience: { type: 'all' } }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Promotion updated');
    expect(edited.body.data).toMatchObject({
      discountType: 'amount',
      discountValue: 1.5,
      targets: { productIds: [], categoryIds: [CAT.snacks] },
      audience: { type: 'all', values: [] },
    });
    const targets = await ctx.db.selectFrom('promotion_targets').select('target_value').where('promotion_id', '=', id).execute();
    expect(targets).toEqual([{ target_value: CAT.snacks }]);
    expect(await ctx.db.selectFrom('promotion_audience').selectAll().where('promotion_id', '=', id).execute()).toEqual([]);

    const off = await req('POST', `/admin/promotions/${id}/deactivate`, admin);
    expect(off.body).toMatchObject({ message: 'Promotion deactivated', data: { isActive: false, status: 'inactive' } });
    const on = await req('POST', `/admin/promotions/${id}/reactivate`, admin);
    expect(on.body).toMatchObject({ message: 'Promotion reactivated', data: { isActive: true } });
  });

  it('previews what a customer on route 101 pays, and that a customer on route 202 pays the same as before', async () => {
    const id = (await req('POST', '/admin/promotions', admin, body({ title: 'Route 101 cola', discountValue: 20 }))).body.data
      .id as string;
    const on101 = await req('GET', `/admin/promotions/${id}/preview?customerId=${C.c10001}`, admin);
    expect(on101.status).toBe(200);
    expect(on101.body.data).toMatchObject({
      customer: { id: C.c10001, cNumber: '10001', priceLevel: 1, route: '101' },
      appliesToCustomer: true,
      total: 1,
      // The earlier 10 % route-101 promotions make $9.00 before; 20 % wins alone: $8.00, not $7.00.
      items: [{ productId: P.cola, itemNumber: 'BEV-100', priceBefore: 9, priceAfter: 8, discounted: true }],
    });
    const on202 = await req('GET', `/admin/promotions/${id}/preview?customerId=${C.c10003}`, admin);
    expect(on202.body.data).toMatchObject({
      customer: { route: '202' },
      appliesToCustomer: false,
      items: [{ productId: P.cola, priceBefore: 10, priceAfter: 10, discounted: false }],
    });
    // Another distributor's customer is not found; a missing customer is a 400.
    const missing = await req('GET', `/admin/promotions/${id}/preview`, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Choose a customer');
    expect((await req('GET', `/admin/promotions/${id}/preview?customerId=cust-nope`, admin)).body.message).toBe(
      'Customer not found',
    );
  });

  it('previews the stacking rule: the larger of two promotions wins, never both', async () => {
    // The fixture's 10 % lime promotion stays; a $0.50 one for everyone beats it.
    const id = (
      await req(
        'POST',
        '/admin/promotions',
        admin,
        body({
          title: 'Lime 50c',
          discountType: 'amount',
          discountValue: 0.5,
          targets: { productIds: [P.lime] },
          audience: { type: 'all' },
        }),
      )
    ).body.data.id as string;
    const preview = await req('GET', `/admin/promotions/${id}/preview?customerId=${C.c10001}`, admin);
    // $3.33: 10 % is 33¢ → $3.00 before; 50¢ off → $2.83 after (not $2.50).
    expect(preview.body.data.items).toEqual([
      {
        productId: P.lime,
        itemNumber: 'BEV-200',
        description: 'Lime Sparkling Water',
        priceBefore: 3,
        priceAfter: 2.83,
        discounted: true,
      },
    ]);
    await req('POST', `/admin/promotions/${id}/deactivate`, admin);
  });

  it('a one-product percent promotion for everyone shows in the catalogue at once; deactivated it does not', async () => {
    const id = (
      await req(
        'POST',
        '/admin/promotions',
        admin,
        body({ title: 'Energy 20', discountValue: 20, targets: { productIds: [P.energy] }, audience: { type: 'all' } }),
      )
    ).body.data.id as string;
    const energy = async () =>
      ((await req('POST', '/retailer/getInventory', retailer, {})).body.data.finalProductList as { id: string }[]).find(
        (p) => p.id === P.energy,
      ) as Record<string, unknown>;
    expect(await energy()).toMatchObject({ price: 2.4, isDiscounted: true, discountPercent: 20 });
    await req('POST', `/admin/promotions/${id}/deactivate`, admin);
    expect(await energy()).toMatchObject({ price: 3, isDiscounted: false });
  });

  it('keeps each distributor to its own promotions, and refuses users without the permission', async () => {
    const id = (await req('POST', '/admin/promotions', admin, body())).body.data.id as string;
    for (const [method, url] of [
      ['GET', `/admin/promotions/${id}`],
      ['PUT', `/admin/promotions/${id}`],
      ['POST', `/admin/promotions/${id}/deactivate`],
      ['GET', `/admin/promotions/${id}/preview?customerId=${C.c10001}`],
    ] as const) {
      const res = await req(
        method,
        url,
        otherAdmin,
        method === 'PUT' ? body({ targets: { brands: ['x'] }, audience: { type: 'all' } }) : undefined,
      );
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await req('GET', `/admin/promotions/${id}`, otherAdmin)).body.message).toBe('Promotion not found');
    expect((await req('GET', '/admin/promotions', otherAdmin)).body.data.total).toBe(0);

    expect((await req('GET', '/admin/promotions', viewOnly)).status).toBe(200);
    expect((await req('POST', '/admin/promotions', viewOnly, body())).status).toBe(403);
    expect((await req('PUT', `/admin/promotions/${id}`, viewOnly, body())).status).toBe(403);
    expect((await req('GET', '/admin/promotions', noPromo)).status).toBe(403);
    expect((await req('GET', '/admin/promotions', retailer)).status).toBe(403);
  });

  describe('choices: /api/admin/promotions/choices (what the forms pick from)', () => {
    const get = (query: string, token = admin) =>
      call(ctx.app, { method: 'GET', url: `/api/admin/promotions/choices?${query}`, token });
    const items = async (query: string, token = admin) => {
      const res = await get(query, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items as { value: string; label: string; detail: string | null }[];
    };

    it('finds customers by C_Number or store name, with their route and price level', async () => {
      expect(await items('kind=customers&search=1000')).toEqual([
        { value: C.c10001, label: '10001 · Corner Mart #1', detail: 'Route 101 · Price level 1' },
        { value: C.c10002, label: '10002 · Sunrise Liquor & Deli', detail: 'Route 101 · Price level 1' },
        { value: C.c10003, label: '10003 · Harbor Quick Stop', detail: 'Route 202 · Price level 1' },
      ]);
      expect((await items('kind=customers&search=HARBOR')).map((c) => c.value)).toEqual([C.c10003]);
      expect(await items(`kind=customers&search=${encodeURIComponent('%')}`)).toEqual([]);
    });

    it('lists routes with their customers, products by item number or description, categories, brands, vendors', async () => {
      expect(await items('kind=routes')).toEqual([
        { value: '101', label: '101', detail: '2 customers' },
        { value: '202', label: '202', detail: '1 customer' },
      ]);
      expect(await items('kind=routes&search=10')).toEqual([{ value: '101', label: '101', detail: '2 customers' }]);
      expect(await items('kind=products&search=bev-1')).toEqual([
        { value: P.cola, label: 'BEV-100 · Cola Classic 12oz Can', detail: 'FizzCo' },
      ]);
      // An inactive product is not offered, but a saved promotion's one is still labelled.
      expect((await items('kind=products&search=cola')).map((p) => p.value)).toEqual([P.cola]);
      expect(await items(`kind=products&values=${P.retired},${P.cola}`)).toEqual([
        { value: P.cola, label: 'BEV-100 · Cola Classic 12oz Can', detail: 'FizzCo' },
        { value: P.retired, label: 'BEV-900 · Retired Cola Zero', detail: 'FizzCo' },
      ]);
      expect(await items('kind=categories&search=bev')).toEqual([
        { value: CAT.beverages, label: 'Beverages', detail: 'Category' },
        { value: CAT.soda, label: 'Beverages › Soda', detail: 'Subcategory' },
      ]);
      expect((await items('kind=brands&search=o')).map((b) => b.label)).toEqual(['FizzCo', 'Volt']);
      expect(await items('kind=brands&values=crunchy')).toEqual([{ value: 'Crunchy', label: 'Crunchy', detail: '4 products' }]);
      expect(await items('kind=vendors&search=pacific')).toEqual([
        { value: 'vendor-1', label: 'Pacific Bottling', detail: null },
      ]);
      expect(await items(`kind=customers&values=${C.c10003},nope`)).toHaveLength(1);
    });

    it('answers only the distributor’s own rows, to users with the Promo & Marketing permission', async () => {
      expect(await items('kind=customers', viewOnly)).toHaveLength(3);
      expect(await items('kind=customers', otherAdmin)).toEqual([]);
      expect(await items(`kind=products&values=${P.cola}`, otherAdmin)).toEqual([]);
      const refused = await get('kind=customers', noPromo);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    });

    it('refuses bad input with a clear 400', async () => {
      const cases: [string, string][] = [
        ['', 'kind must be one of: customers, routes, products, categories, brands, vendors'],
        ['kind=owners', 'kind must be one of: customers, routes, products, categories, brands, vendors'],
        [`kind=products&search=${'x'.repeat(101)}`, 'search must be 100 characters or less'],
        [`kind=products&values=${Array.from({ length: 501 }, (_v, i) => `p${i}`).join(',')}`, 'Name at most 500 values'],
      ];
      for (const [query, message] of cases) {
        const res = await get(query);
        expect(res.status, query).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });
  });
});
