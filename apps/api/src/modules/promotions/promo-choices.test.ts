// GET /api/admin/promotions/choices over HTTP: what the promotion and banner forms choose from, searched
// the way a clerk searches (C_Number or store name, item number or description, names; letter case and
// LIKE wildcards taken as typed), named values labelled for a saved promotion, only the distributor's
// own rows, the Promo & Marketing permission, and clear 400s for bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const C = WORLD.customers;

describe('promotion choices: /api/admin/promotions/choices', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let noPromo: string;
  let otherAdmin: string;

  const get = (query: string, token = admin) =>
    call(ctx.app, { method: 'GET', url: `/api/admin/promotions/choices?${query}`, token });
  const items = async (query: string, token = admin) => {
    const res = await get(query, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items as { value: string; label: string; detail: string | null }[];
  };

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
  });
  afterAll(() => ctx.close());

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
    expect(await items('kind=vendors&search=pacific')).toEqual([{ value: 'vendor-1', label: 'Pacific Bottling', detail: null }]);
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
