// Admin products over HTTP: the grid's paging, sorting, search and filters; one product's every field;
// create and edit with what is stored (UPCs and tiers replaced), every validation message, duplicate
// item numbers and UPCs (also under a race); deactivate and reactivate, seen in the retailer's
// catalogue; bulk preview and apply with exact before/after and cent rounding; another distributor's
// products; the Products permission by action; other roles refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, insertProduct, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { makeImage, multipart } from '../../../test/fixtures/media-fixtures.ts';

describe('admin products: /api/admin/products', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let viewAdd: string;
  let noProducts: string;
  let otherAdmin: string;
  let retailer: string;
  let sales: string;

  beforeAll(async () => {
    ctx = await createCatalogContext(); // 8 products: BEV-100 cola … SNK-400 crackers, BEV-900 inactive
    await addDistributor(ctx.db, 'dist-2');
    await ctx.db
      .insertInto('categories')
      .values({ id: 'cat-other', distributor_id: 'dist-2', name: 'Other', parent_id: null, sort_order: 1 })
      .execute();
    await ctx.db
      .insertInto('vendors')
      .values({
        id: 'v-other',
        distributor_id: 'dist-2',
        name: 'Other Vendor',
        contact_name: null,
        email: null,
        phone: null,
        is_active: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await insertProduct(ctx.db, { id: 'p-other', distributor_id: 'dist-2', item_number: 'OTH-1', description: 'Other Chips' });
    await addDistributorUser(ctx.db, 'user-products-view', { Products: { view: true } });
    await addDistributorUser(ctx.db, 'user-products-add', { Products: { view: true, add: true } });
    await addDistributorUser(ctx.db, 'user-no-products', { Vendors: ALL, Orders: ALL });
    await addDistributorUser(ctx.db, 'user-other-admin', { Products: ALL }, 'dist-2');
    [admin, viewOnly, viewAdd, noProducts, otherAdmin, retailer, sales] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-products-view'),
      tokenFor(ctx, 'user-products-add'),
      tokenFor(ctx, 'user-no-products'),
      tokenFor(ctx, 'user-other-admin'),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.sales.id),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token = admin) =>
    call(ctx.app, { method, url, payload, token });
  const numbers = (body: any) => body.data.items.map((p: { itemNumber: string }) => p.itemNumber);
  const list = async (query: string) => numbers((await get(`/api/admin/products?${query}`)).body);
  const stored = (id: string) => ctx.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const storedUpcs = async (id: string) =>
    (await ctx.db.selectFrom('product_upcs').select('upc').where('product_id', '=', id).orderBy('upc').execute()).map(
      (r) => r.upc,
    );
  const storedTiers = async (id: string) =>
    (
      await ctx.db
        .selectFrom('product_qty_discounts')
        .select(['min_qty', 'discount_cents'])
        .where('product_id', '=', id)
        .orderBy('min_qty')
        .execute()
    ).map((t) => [Number(t.min_qty), Number(t.discount_cents)]);

  const ALL_NUMBERS = ['BEV-100', 'BEV-200', 'BEV-300', 'BEV-900', 'SNK-100', 'SNK-200', 'SNK-300', 'SNK-400'];

  describe('list', () => {
    it('answers the first page by item number with the grid row of each product', async () => {
      const res = await get('/api/admin/products');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 8, page: 1, limit: 25 });
      expect(numbers(res.body)).toEqual(ALL_NUMBERS);
      expect(res.body.data.items[0]).toEqual({
        id: P.cola,
        itemNumber: 'BEV-100',
        description: 'Cola Classic 12oz Can',
        brand: 'FizzCo',
        categoryId: CAT.beverages,
        category: 'Beverages',
        subcategoryId: CAT.soda,
        subcategory: 'Soda',
        vendorId: 'vendor-1',
        vendor: 'Pacific Bottling',
        pack: 24,
        caseCount: 1,
        uom: 'CS',
        size: null,
        price1Cents: 1000,
        stockOnHand: 100,
        lowStockThreshold: 10,
        stockStatus: 'inStock',
        productLimit: null,
        showInventoryStock: true,
        showLowStock: false,
        showWithoutPrice: false,
        allowToOrder: true,
        showInventoryStockToSalesRep: true,
        showLowStockToSalesRep: false,
        showWithoutPriceToSalesRep: false,
        allowToOrderSalesRep: true,
        isNewItem: false,
        isPromoted: false,
        isDiscounted: false,
        imageUrl: '/uploads/cola-dist.png',
        isActive: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const chips = res.body.data.items.find((p: { id: string }) => p.id === P.chips);
      expect(chips).toMatchObject({
        stockStatus: 'outOfStock',
        isPromoted: true,
        isNewItem: true,
        imageUrl: '/uploads/chips.png',
      });
      const lime = res.body.data.items.find((p: { id: string }) => p.id === P.lime);
      expect(lime).toMatchObject({ isDiscounted: true, imageUrl: null });
    });

    it('pages with the total of all pages and refuses a page over 100', async () => {
      const res = await get('/api/admin/products?page=3&limit=3');
      expect(res.body.data).toMatchObject({ total: 8, page: 3, limit: 3 });
      expect(numbers(res.body)).toEqual(['SNK-300', 'SNK-400']);
      const big = await get('/api/admin/products?limit=101');
      expect(big.status).toBe(400);
      expect(big.body).toMatchObject({
        success: false,
        message: 'limit must be 100 or less',
        error: { code: 'VALIDATION_ERROR' },
      });
    });

    it('sorts by the grid columns, each from its first direction, ties by item number', async () => {
      expect(await list('sort=price1')).toEqual([
        'BEV-100',
        'SNK-300',
        'SNK-200',
        'BEV-200',
        'BEV-300',
        'SNK-100',
        'SNK-400',
        'BEV-900',
      ]);
      expect(await list('sort=price1&dir=asc')).toEqual([
        'BEV-900',
        'SNK-400',
        'SNK-100',
        'BEV-300',
        'BEV-200',
        'SNK-200',
        'SNK-300',
        'BEV-100',
      ]);
      expect(await list('sort=description')).toEqual([
        'BEV-100',
        'SNK-400',
        'BEV-300',
        'BEV-200',
        'SNK-100',
        'BEV-900',
        'SNK-200',
        'SNK-300',
      ]);
      expect(await list('sort=category&dir=desc')).toEqual([
        'SNK-100',
        'SNK-200',
        'SNK-300',
        'SNK-400',
        'BEV-100',
        'BEV-200',
        'BEV-300',
        'BEV-900',
      ]);
      expect((await list('sort=stockOnHand&dir=asc'))[0]).toBe('SNK-100');
      expect((await list('sort=isActive&dir=asc'))[0]).toBe('BEV-900');
      expect(await list('sort=itemNumber&dir=desc')).toEqual([...ALL_NUMBERS].reverse());
      const bad = await get('/api/admin/products?sort=colour');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'sort must be one of: itemNumber, description, brand, category, vendor, price1, stockOnHand, productLimit, createdAt, updatedAt, isActive',
      );
    });

    it('searches item number, description, brand and UPC, letter case aside, as plain text', async () => {
      expect(await list('search=cola')).toEqual(['BEV-100', 'BEV-900']);
      expect(await list('search=CRUNCHY')).toEqual(['SNK-100', 'SNK-200', 'SNK-300', 'SNK-400']);
      expect(await list('search=678905')).toEqual(['BEV-100']);
      expect(await list('search=snk-1')).toEqual(['SNK-100']);
      const none = await get('/api/admin/products?search=%25');
      expect(none.body.data).toMatchObject({ items: [], total: 0 });
      expect(await list('search=_')).toEqual([]);
    });

    it('filters by category (with its subcategories), subcategory, vendor, brand, status and stock', async () => {
      expect(await list(`category=${CAT.beverages}`)).toEqual(['BEV-100', 'BEV-200', 'BEV-300', 'BEV-900']);
      expect(await list(`category=${CAT.soda}`)).toEqual(['BEV-100']);
      expect(await list(`subcategory=${CAT.soda}`)).toEqual(['BEV-100']);
      expect(await list('vendor=vendor-1&status=active')).toEqual(['BEV-100', 'BEV-200', 'BEV-300']);
      expect(await list('brand=Volt')).toEqual(['BEV-300']);
      expect(await list('status=inactive')).toEqual(['BEV-900']);
      expect(await list('stock=outOfStock')).toEqual(['SNK-100']);
      expect(await list('stock=low')).toEqual([]);
      expect((await get('/api/admin/products?stock=inStock')).body.data.total).toBe(7);
      const bad = await get('/api/admin/products?stock=plenty');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('stock must be one of: all, inStock, low, outOfStock');
    });

    it('filters by a flag that is on, promoted and discounted', async () => {
      expect(await list('flag=showWithoutPrice')).toEqual(['SNK-200']);
      expect(await list('flag=showLowStock')).toEqual(['SNK-300']);
      expect(await list('flag=allowToOrder')).toEqual(ALL_NUMBERS.filter((n) => n !== 'SNK-400'));
      expect(await list('promoted=true')).toEqual(['SNK-100']);
      expect(await list('discounted=true')).toEqual(['BEV-200']);
      expect(await list('discounted=true&category=cat-snacks')).toEqual([]);
      const bad = await get('/api/admin/products?flag=isRed');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^flag must be one of: showInventoryStock, showLowStock/);
    });

    it('lists the distinct brands for the filter', async () => {
      const res = await get('/api/admin/products/brands');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ items: ['Crunchy', 'FizzCo', 'Volt'] });
    });
  });

  describe('one product', () => {
    it('answers every field', async () => {
      const res = await get(`/api/admin/products/${P.cola}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        itemNumber: 'BEV-100',
        category: 'Beverages',
        subcategory: 'Soda',
        vendor: 'Pacific Bottling',
        pack: 24,
        caseCount: 1,
        uom: 'CS',
        unitOunces: 12,
        size: null,
        upcs: ['012345678905'],
        salesCategory: null,
        price1Cents: 1000,
        price2Cents: 900,
        price3Cents: 850,
        price4Cents: 1000,
        price5Cents: 1000,
        taxRateBp: 825,
        crvCents: 10,
        stockOnHand: 100,
        lowStockThreshold: 10,
        allowBackorder: false,
        productLimit: null,
        qtyDiscounts: [
          { minQty: 5, discountCents: 50 },
          { minQty: 10, discountCents: 100 },
        ],
        isNewItem: false,
        showDistributorImage: true,
        distributorImageUrl: '/uploads/cola-dist.png',
        masterImageUrl: '/uploads/cola-master.png',
        imageUrl: '/uploads/cola-dist.png',
        isActive: true,
      });
    });

    it('answers 404 for an unknown id and for another distributor’s product', async () => {
      for (const id of ['nope', 'p-other']) {
        const res = await get(`/api/admin/products/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, message: 'Product not found', error: { code: 'NOT_FOUND' } });
      }
      expect((await get(`/api/admin/products/${P.cola}`, otherAdmin)).status).toBe(404);
      expect(numbers((await get('/api/admin/products', otherAdmin)).body)).toEqual(['OTH-1']);
    });
  });

  const full = {
    itemNumber: ' NEW-1 ',
    description: 'Orange Soda 2L',
    brand: 'Sunny',
    categoryId: CAT.beverages,
    subcategoryId: CAT.soda,
    vendorId: 'vendor-1',
    pack: 6,
    caseCount: 2,
    uom: 'PK',
    unitOunces: 67.6,
    size: '2 L',
    upcs: ['11112222', '333344445555'],
    salesCategory: 'Soft drinks',
    location: 'C-04',
    price1Cents: 1299,
    price2Cents: 1249,
    price3Cents: 1199,
    price4Cents: 1149,
    price5Cents: 1099,
    taxRateBp: 725,
    crvCents: 20,
    stockOnHand: 40,
    lowStockThreshold: 12,
    allowBackorder: true,
    showInventoryStock: false,
    showLowStock: true,
    showWithoutPrice: false,
    allowToOrder: true,
    showInventoryStockToSalesRep: true,
    showLowStockToSalesRep: true,
    showWithoutPriceToSalesRep: true,
    allowToOrderSalesRep: false,
    productLimit: 12,
    qtyDiscounts: [
      { minQty: 3, discountCents: 25 },
      { minQty: 10, discountCents: 75 },
    ],
    isNewItem: true,
    showDistributorImage: true,
    distributorImageUrl: null,
    masterImageUrl: 'https://images.example.test/orange.png',
  };

  describe('create and edit', () => {
    let newId = '';

    it('creates a product with every field, its UPCs and tiers', async () => {
      const res = await send('POST', '/api/admin/products', full);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Product created');
      newId = res.body.data.id;
      const { itemNumber: _, ...rest } = full;
      expect(res.body.data).toMatchObject({
        ...rest,
        itemNumber: 'NEW-1',
        category: 'Beverages',
        subcategory: 'Soda',
        vendor: 'Pacific Bottling',
        stockStatus: 'inStock',
        imageUrl: 'https://images.example.test/orange.png',
        isActive: true,
      });
      expect(await stored(newId)).toMatchObject({
        distributor_id: WORLD.distributorId,
        item_number: 'NEW-1',
        price5_cents: 1099,
        tax_rate_bp: 725,
        allow_to_order_sales: 0,
        show_low_stock_to_sales: 1,
        product_limit: 12,
        is_active: 1,
      });
      expect(await storedUpcs(newId)).toEqual(['11112222', '333344445555']);
      expect(await storedTiers(newId)).toEqual([
        [3, 25],
        [10, 75],
      ]);
      expect((await get(`/api/admin/products/${newId}`)).body.data.upcs).toEqual(['11112222', '333344445555']);
    });

    it('fills the defaults of a minimal product', async () => {
      const res = await send('POST', '/api/admin/products', { itemNumber: 'MIN-1', description: 'Minimal' }, viewAdd);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        pack: 1,
        caseCount: 1,
        uom: 'EA',
        price1Cents: 0,
        lowStockThreshold: 10,
        allowToOrder: true,
        allowToOrderSalesRep: true,
        showInventoryStock: true,
        showLowStock: false,
        productLimit: null,
        upcs: [],
        qtyDiscounts: [],
        stockStatus: 'outOfStock',
        imageUrl: null,
      });
    });

    it('replaces the whole record on edit, UPCs and tiers included', async () => {
      const res = await send('PUT', `/api/admin/products/${newId}`, {
        itemNumber: 'NEW-1',
        description: 'Orange Soda 2 Litre',
        categoryId: CAT.snacks,
        upcs: ['333344445555', '99998888'],
        qtyDiscounts: [{ minQty: 4, discountCents: 30 }],
        price1Cents: 1350,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Product updated');
      expect(res.body.data).toMatchObject({
        itemNumber: 'NEW-1',
        description: 'Orange Soda 2 Litre',
        brand: null,
        category: 'Snacks',
        subcategory: null,
        vendor: null,
        pack: 1,
        price1Cents: 1350,
        price2Cents: 0,
        productLimit: null,
        allowToOrderSalesRep: true,
        masterImageUrl: null,
        upcs: ['333344445555', '99998888'],
        qtyDiscounts: [{ minQty: 4, discountCents: 30 }],
      });
      expect(await storedUpcs(newId)).toEqual(['333344445555', '99998888']);
      expect(await storedTiers(newId)).toEqual([[4, 30]]);
      expect((await stored(newId)).item_number).toBe('NEW-1');
    });

    it('refuses a duplicate item number or a UPC of another product with 409, and stores nothing', async () => {
      const dup = await send('POST', '/api/admin/products', { ...full, itemNumber: 'BEV-100', upcs: [] });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({
        success: false,
        message: 'An item number BEV-100 already exists',
        error: { code: 'CONFLICT', fields: { itemNumber: 'An item number BEV-100 already exists' } },
      });
      const rename = await send('PUT', `/api/admin/products/${newId}`, { itemNumber: 'BEV-200', description: 'x' });
      expect(rename.status).toBe(409);
      expect(rename.body.message).toBe('An item number BEV-200 already exists');
      const upc = await send('PUT', `/api/admin/products/${newId}`, {
        itemNumber: 'NEW-1',
        description: 'Changed',
        upcs: ['012345678905'],
      });
      expect(upc.status).toBe(409);
      expect(upc.body.message).toBe('UPC 012345678905 is already used by another product');
      expect(upc.body.error.fields).toEqual({ upcs: 'UPC 012345678905 is already used by another product' });
      expect((await stored(newId)).description).toBe('Orange Soda 2 Litre');
      expect(await storedUpcs(newId)).toEqual(['333344445555', '99998888']);
      expect((await ctx.db.selectFrom('products').select('id').where('item_number', '=', 'BEV-100').execute()).length).toBe(1);
    });

    it('keeps item numbers unique when six creates race', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => send('POST', '/api/admin/products', { itemNumber: 'RACE-1', description: 'Race' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(r.body.message).toBe('An item number RACE-1 already exists');
      expect((await ctx.db.selectFrom('products').select('id').where('item_number', '=', 'RACE-1').execute()).length).toBe(1);
    });

    const refused = async (body: object, field: string, message: string, status = 400) => {
      const res = await send('POST', '/api/admin/products', { itemNumber: 'BAD-1', description: 'Bad', ...body });
      expect([res.status, res.body.message, res.body.error?.fields?.[field]]).toEqual([status, message, message]);
    };

    it('names each refused field', async () => {
      const empty = await send('POST', '/api/admin/products', {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Item number is required');
      expect(empty.body.error.fields).toMatchObject({
        itemNumber: 'Item number is required',
        description: 'Description is required',
      });
      await refused({ description: '  ' }, 'description', 'Description is required');
      await refused({ itemNumber: 'x'.repeat(41) }, 'itemNumber', 'Item number must be 40 characters or less');
      await refused({ upcs: ['12345'] }, 'upcs.0', 'UPC must be 6 to 14 digits');
      await refused({ upcs: ['12345a78'] }, 'upcs.0', 'UPC must be 6 to 14 digits');
      await refused({ upcs: ['123456', '123456'] }, 'upcs.1', 'UPC 123456 is listed twice');
      await refused({ price1Cents: -1 }, 'price1Cents', 'Price 1 must be 0 or more, in whole cents');
      await refused({ price4Cents: 12.5 }, 'price4Cents', 'Price 4 must be 0 or more, in whole cents');
      await refused({ crvCents: -5 }, 'crvCents', 'CRV must be 0 or more, in whole cents');
      await refused({ taxRateBp: 10001 }, 'taxRateBp', 'Tax rate must be between 0% and 100%');
      await refused({ pack: 0 }, 'pack', 'Pack must be a whole number of 1 or more');
      await refused({ productLimit: 0 }, 'productLimit', 'Product limit must be a whole number of 1 or more');
      await refused(
        {
          qtyDiscounts: [
            { minQty: 10, discountCents: 50 },
            { minQty: 5, discountCents: 80 },
          ],
        },
        'qtyDiscounts.1.minQty',
        'Tier quantities must increase from one tier to the next',
      );
      await refused(
        { qtyDiscounts: [{ minQty: 1, discountCents: 50 }] },
        'qtyDiscounts.0.minQty',
        'Tier quantity must be a whole number of 2 or more',
      );
      await refused({ categoryId: 'nope' }, 'categoryId', 'Choose one of your categories');
      await refused({ categoryId: 'cat-other' }, 'categoryId', 'Choose one of your categories');
      await refused({ categoryId: CAT.soda }, 'categoryId', 'Choose one of your categories');
      await refused({ subcategoryId: CAT.soda }, 'subcategoryId', 'Choose a category before a subcategory');
      await refused(
        { categoryId: CAT.snacks, subcategoryId: CAT.soda },
        'subcategoryId',
        'Choose a subcategory of the chosen category',
      );
      await refused({ vendorId: 'v-other' }, 'vendorId', 'Choose one of your vendors');
      expect(await ctx.db.selectFrom('products').select('id').where('item_number', '=', 'BAD-1').execute()).toEqual([]);
    });

    it('answers odd values with a 400, never a 500', async () => {
      const bodies = [
        { price1Cents: 1e308 },
        { stockOnHand: 2 ** 53 + 1 },
        { unitOunces: -0.5 },
        { upcs: Array.from({ length: 21 }, (_, i) => String(100000 + i)) },
        { qtyDiscounts: [{ minQty: 2 }] },
        { categoryId: ['cat-bev'] },
        { productLimit: '5' },
      ];
      for (const body of bodies) {
        const res = await send('POST', '/api/admin/products', { itemNumber: 'ODD-1', description: 'Odd', ...body });
        expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION_ERROR']);
      }
      const longIds = Array.from({ length: 500 }, (_, i) => `${'x'.repeat(90)}${i}`);
      const res = await send('POST', '/api/admin/products/bulk/preview', {
        ids: longIds,
        change: { kind: 'pricePercent', percent: 1e308, levels: [1] },
      });
      expect(res.status).toBe(400);
      const missing = await send('POST', '/api/admin/products/bulk/preview', {
        ids: longIds,
        change: { kind: 'productLimit', productLimit: null },
      });
      expect([missing.status, missing.body.message]).toEqual([404, 'Product not found']);
    });

    it('answers 404 when editing another distributor’s product', async () => {
      const res = await send('PUT', '/api/admin/products/p-other', { itemNumber: 'OTH-1', description: 'Mine now' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product not found');
      expect((await stored('p-other')).description).toBe('Other Chips');
      expect((await send('POST', '/api/admin/products/p-other/deactivate', {})).status).toBe(404);
      expect((await stored('p-other')).is_active).toBe(1);
    });
  });

  describe('deactivate and reactivate', () => {
    const retailerSearch = async (search: string) =>
      (
        await call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload: { search }, token: retailer })
      ).body.data.finalProductList.map((p: { id: string }) => p.id);

    it('takes a product out of the retailer’s search at once and brings it back', async () => {
      expect(await retailerSearch('energy')).toEqual([P.energy]);
      const off = await send('POST', `/api/admin/products/${P.energy}/deactivate`, {});
      expect(off.status).toBe(200);
      expect(off.body.message).toBe('Product deactivated');
      expect(off.body.data.isActive).toBe(false);
      expect((await stored(P.energy)).is_active).toBe(0);
      expect(await retailerSearch('energy')).toEqual([]);
      const on = await send('POST', `/api/admin/products/${P.energy}/reactivate`, {});
      expect(on.status).toBe(200);
      expect(on.body.message).toBe('Product reactivated');
      expect(on.body.data.isActive).toBe(true);
      expect(await retailerSearch('energy')).toEqual([P.energy]);
    });
  });

  describe('bulk edit', () => {
    const bulk = (step: 'preview' | 'apply', ids: string[], change: object, token = admin) =>
      send('POST', `/api/admin/products/bulk/${step}`, { ids, change }, token);

    it('previews a price change by percent with exact before and after, and changes nothing', async () => {
      const change = { kind: 'pricePercent', percent: 12.5, levels: [3, 1] };
      const res = await bulk('preview', [P.pretzels, P.lime, P.energy], change);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        items: [
          {
            id: P.lime,
            itemNumber: 'BEV-200',
            description: 'Lime Sparkling Water',
            changes: [
              { field: 'price1Cents', before: 333, after: 375 },
              { field: 'price3Cents', before: 333, after: 375 },
            ],
          },
          {
            id: P.energy,
            itemNumber: 'BEV-300',
            description: 'Energy Drink Original',
            changes: [
              { field: 'price1Cents', before: 300, after: 338 },
              { field: 'price3Cents', before: 300, after: 338 },
            ],
          },
          {
            id: P.pretzels,
            itemNumber: 'SNK-200',
            description: 'Secret Recipe Pretzels',
            changes: [
              { field: 'price1Cents', before: 400, after: 450 },
              { field: 'price3Cents', before: 400, after: 450 },
            ],
          },
        ],
        counts: { selected: 3, changed: 3, unchanged: 0 },
      });
      expect((await stored(P.energy)).price1_cents).toBe(300);
    });

    it('applies what the preview showed, rounded to the cent', async () => {
      const res = await bulk('apply', [P.pretzels, P.lime, P.energy], { kind: 'pricePercent', percent: 12.5, levels: [1, 3] });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('3 products updated');
      expect(res.body.data).toEqual({ counts: { selected: 3, changed: 3, unchanged: 0 } });
      const rows = await Promise.all([P.lime, P.energy, P.pretzels].map(stored));
      expect(rows.map((r) => [r.price1_cents, r.price2_cents, r.price3_cents])).toEqual([
        [375, 333, 375],
        [338, 300, 338],
        [450, 400, 450],
      ]);
      const down = await bulk('apply', [P.retired], { kind: 'pricePercent', percent: -33.33, levels: [5] });
      expect(down.body.message).toBe('1 products updated');
      expect((await stored(P.retired)).price5_cents).toBe(67);
    });

    it('sets flags, counting the products already as asked as unchanged', async () => {
      const change = { kind: 'flags', flags: { showWithoutPrice: true, isNewItem: true } };
      const preview = await bulk('preview', [P.chips, P.pretzels, P.trailMix], change);
      expect(preview.body.data.items.map((i: { changes: unknown }) => i.changes)).toEqual([
        [{ field: 'showWithoutPrice', before: false, after: true }],
        [{ field: 'isNewItem', before: false, after: true }],
        [
          { field: 'showWithoutPrice', before: false, after: true },
          { field: 'isNewItem', before: false, after: true },
        ],
      ]);
      const applied = await bulk('apply', [P.chips, P.pretzels, P.trailMix], change);
      expect(applied.body.message).toBe('3 products updated');
      const rows = await Promise.all([P.chips, P.pretzels, P.trailMix].map(stored));
      expect(rows.map((r) => [r.show_without_price, r.is_new_item])).toEqual([
        [1, 1],
        [1, 1],
        [1, 1],
      ]);
      const again = await bulk('apply', [P.chips], change);
      expect(again.body).toMatchObject({
        message: '0 products updated',
        data: { counts: { selected: 1, changed: 0, unchanged: 1 } },
      });
    });

    it('sets the product limit and the category', async () => {
      const limit = await bulk('apply', [P.energy, P.cola], { kind: 'productLimit', productLimit: 5 });
      expect(limit.body).toMatchObject({
        message: '1 products updated',
        data: { counts: { selected: 2, changed: 1, unchanged: 1 } },
      });
      expect((await stored(P.cola)).product_limit).toBe(5);
      const cleared = await bulk('apply', [P.cola], { kind: 'productLimit', productLimit: null });
      expect(cleared.body.message).toBe('1 products updated');
      expect((await stored(P.cola)).product_limit).toBeNull();

      const move = { kind: 'category', categoryId: CAT.beverages, subcategoryId: CAT.soda };
      const preview = await bulk('preview', [P.crackers], move);
      expect(preview.body.data.items[0].changes).toEqual([
        { field: 'category', before: 'Snacks', after: 'Beverages' },
        { field: 'subcategory', before: null, after: 'Soda' },
      ]);
      expect((await bulk('apply', [P.crackers], move)).body.message).toBe('1 products updated');
      expect(await stored(P.crackers)).toMatchObject({ category_id: CAT.beverages, subcategory_id: CAT.soda });
      const bad = await bulk('preview', [P.crackers], { kind: 'category', categoryId: CAT.snacks, subcategoryId: CAT.soda });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Choose a subcategory of the chosen category');
    });

    it('refuses an empty, oversized or foreign selection and a bad change, changing nothing', async () => {
      const none = await bulk('preview', [], { kind: 'productLimit', productLimit: 3 });
      expect([none.status, none.body.message]).toEqual([400, 'Select at least one product']);
      const many = await bulk(
        'preview',
        Array.from({ length: 501 }, (_, i) => `p-${i}`),
        { kind: 'productLimit', productLimit: 3 },
      );
      expect([many.status, many.body.message]).toEqual([400, 'Select at most 500 products']);
      const foreign = await bulk('apply', [P.cola, 'p-other'], { kind: 'productLimit', productLimit: 3 });
      expect([foreign.status, foreign.body.message]).toEqual([404, 'Product not found']);
      expect((await stored(P.cola)).product_limit).toBeNull();
      expect((await stored('p-other')).product_limit).toBeNull();
      const percent = await bulk('apply', [P.cola], { kind: 'pricePercent', percent: 501, levels: [1] });
      expect([percent.status, percent.body.message]).toEqual([
        400,
        'Percent must be between -90 and 500, with at most 2 decimals',
      ]);
      const levels = await bulk('apply', [P.cola], { kind: 'pricePercent', percent: 5, levels: [] });
      expect([levels.status, levels.body.message]).toEqual([400, 'Choose at least one price level']);
      const flags = await bulk('apply', [P.cola], { kind: 'flags', flags: {} });
      expect([flags.status, flags.body.message]).toEqual([400, 'Choose at least one flag to set']);
      expect((await stored(P.cola)).price1_cents).toBe(1000);
    });
  });

  describe('who may', () => {
    it('lets a view-only role read and refuses every change with 403', async () => {
      expect((await get('/api/admin/products', viewOnly)).status).toBe(200);
      expect((await get(`/api/admin/products/${P.cola}`, viewOnly)).status).toBe(200);
      const attempts = [
        send('POST', '/api/admin/products', { itemNumber: 'SNEAK-1', description: 'Sneaky' }, viewOnly),
        send('PUT', `/api/admin/products/${P.cola}`, { itemNumber: 'BEV-100', description: 'Sneaky' }, viewOnly),
        send('POST', `/api/admin/products/${P.cola}/deactivate`, {}, viewOnly),
        send(
          'POST',
          '/api/admin/products/bulk/apply',
          { ids: [P.cola], change: { kind: 'productLimit', productLimit: 1 } },
          viewOnly,
        ),
      ];
      const [create, ...edits] = await Promise.all(attempts);
      expect(create!.body).toEqual({
        success: false,
        message: 'You do not have add permission for Products',
        error: { code: 'FORBIDDEN' },
      });
      for (const res of edits) {
        expect([res.status, res.body.message]).toEqual([403, 'You do not have edit permission for Products']);
      }
      expect(await stored(P.cola)).toMatchObject({ description: 'Cola Classic 12oz Can', is_active: 1, product_limit: null });
    });

    it('lets a role with add create but not deactivate', async () => {
      expect((await send('POST', `/api/admin/products/${P.cola}/deactivate`, {}, viewAdd)).status).toBe(403);
      expect((await stored(P.cola)).is_active).toBe(1);
    });

    it('refuses a distributor user without Products, a retailer, a rep and no session', async () => {
      for (const token of [noProducts, retailer, sales]) {
        const res = await get('/api/admin/products', token);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
        expect((await send('POST', '/api/admin/products', { itemNumber: 'NOPE-1', description: 'Nope' }, token)).status).toBe(
          403,
        );
      }
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/products' })).status).toBe(401);
      expect(await ctx.db.selectFrom('products').select('id').where('item_number', '=', 'NOPE-1').execute()).toEqual([]);
    });
  });
  describe('image addresses', () => {
    const DIST = 'The distributor image must be an image uploaded here';
    const MASTER = 'The master image must be an image uploaded here or an https:// address';
    const put = (images: object) =>
      send('PUT', `/api/admin/products/${P.trailMix}`, { itemNumber: 'SNK-300', description: 'Trail Mix', ...images });

    it('stores an uploaded image as the distributor image and shows it by the image choice rule', async () => {
      const image = await makeImage('png', 400, 300);
      const up = await call(ctx.app, {
        method: 'POST',
        url: '/api/admin/media/images',
        token: admin,
        ...multipart([{ filename: 'mix.png', contentType: 'image/png', bytes: image }]),
      });
      expect(up.status).toBe(200);
      const url = up.body.data.url as string;
      const res = await put({
        showDistributorImage: true,
        distributorImageUrl: url,
        masterImageUrl: 'https://images.example.test/mix.png',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        distributorImageUrl: url,
        masterImageUrl: 'https://images.example.test/mix.png',
        imageUrl: url,
      });
      expect(await stored(P.trailMix)).toMatchObject({
        distributor_image_url: url,
        master_image_url: 'https://images.example.test/mix.png',
      });
      const off = await put({ showDistributorImage: false, distributorImageUrl: url, masterImageUrl: url });
      expect(off.body.data.imageUrl).toBe(url);
    });

    it('accepts as master image an upload, a bundled product picture or an https address', async () => {
      for (const masterImageUrl of [
        `/media/${'a'.repeat(64)}.jpg`,
        '/product-images/snacks.svg',
        'https://cdn.example.test/p/123.webp?size=large',
      ]) {
        const res = await put({ masterImageUrl });
        expect([masterImageUrl, res.status, res.body.data.imageUrl]).toEqual([masterImageUrl, 200, masterImageUrl]);
      }
    });

    it('refuses any other address on its field and stores nothing', async () => {
      const before = await stored(P.trailMix);
      for (const distributorImageUrl of [
        'https://images.example.test/mix.png',
        '/product-images/snacks.svg',
        '/uploads/mix.png',
        `/media/${'a'.repeat(64)}.svg`,
        `/media/../${'a'.repeat(64)}.png`,
        'javascript:alert(1)',
      ]) {
        const res = await put({ distributorImageUrl });
        expect([distributorImageUrl, res.status, res.body.message, res.body.error.fields]).toEqual([
          distributorImageUrl,
          400,
          DIST,
          { distributorImageUrl: DIST },
        ]);
      }
      for (const masterImageUrl of [
        'javascript:alert(1)',
        'JavaScript:alert(1)',
        'data:image/png;base64,iVBORw0KGgo=',
        'http://images.example.test/mix.png',
        '//evil.example.test/x.png',
        'https://user:secret@images.example.test/x.png',
        'https://images.example.test/a b.png',
        'https://',
        'ftp://images.example.test/x.png',
        '/api/admin/products',
        '/product-images/../index.html',
        'vbscript:msgbox',
      ]) {
        const res = await send('POST', '/api/admin/products', { itemNumber: 'IMG-1', description: 'Image', masterImageUrl });
        expect([masterImageUrl, res.status, res.body.message, res.body.error.fields]).toEqual([
          masterImageUrl,
          400,
          MASTER,
          { masterImageUrl: MASTER },
        ]);
      }
      expect(await stored(P.trailMix)).toEqual(before);
      expect(await ctx.db.selectFrom('products').select('id').where('item_number', '=', 'IMG-1').execute()).toEqual([]);
    });
  });

  describe('stock while orders run: the editor sends the stock it loaded', () => {
    /** The PUT body of a stored product, as the editor would send it back unchanged. */
    const bodyOf = (detail: Record<string, unknown>) => {
      const {
        id: _id,
        category: _c,
        subcategory: _s,
        vendor: _v,
        stockStatus: _ss,
        imageUrl: _i,
        isPromoted: _p,
        isDiscounted: _d,
        isActive: _a,
        createdAt: _ca,
        updatedAt: _ua,
        ...body
      } = detail;
      return { ...body, distributorImageUrl: null, masterImageUrl: null };
    };
    const order = async (productId: string, quantity: number) => {
      await ctx.db.deleteFrom('settings').where('distributor_id', '=', WORLD.distributorId).execute();
      await call(ctx.app, { method: 'DELETE', url: '/api/retailer/cart/clear', token: retailer });
      const added = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/cart/add',
        payload: { productId, quantity },
        token: retailer,
      });
      expect(added.status).toBe(200);
      const placed = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/placeOrder',
        payload: {},
        headers: { 'is-web-order': 'true' },
        token: retailer,
      });
      expect([placed.status, placed.body.success]).toEqual([200, true]);
    };
    const stock = async (id: string) => Number((await stored(id)).stock_on_hand);

    it('keeps an order placed between loading and saving, adding only the clerk’s change', async () => {
      const loaded = (await get(`/api/admin/products/${P.cola}`)).body.data;
      const before = loaded.stockOnHand as number;
      expect(before).toBe(100);
      await order(P.cola, 6); // a retailer's order takes 6 while the clerk edits (the $50 minimum met)
      expect(await stock(P.cola)).toBe(before - 6);
      const res = await send('PUT', `/api/admin/products/${P.cola}`, {
        ...bodyOf(loaded),
        stockOnHand: before + 20, // the clerk receives 20 cases
        stockOnHandLoaded: before,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.stockOnHand).toBe(before + 14);
      expect(await stock(P.cola)).toBe(114);
    });

    it('keeps the order when the clerk saves other fields with the stock untouched', async () => {
      const loaded = (await get(`/api/admin/products/${P.cola}`)).body.data;
      const before = loaded.stockOnHand as number;
      await order(P.cola, 7);
      const res = await send('PUT', `/api/admin/products/${P.cola}`, {
        ...bodyOf(loaded),
        description: 'Cola Classic 12oz Can (24)',
        stockOnHandLoaded: before,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ description: 'Cola Classic 12oz Can (24)', stockOnHand: before - 7 });
      expect(await stock(P.cola)).toBe(107);
    });

    it('lets two clerks’ stock changes add up', async () => {
      const first = (await get(`/api/admin/products/${P.energy}`)).body.data;
      const second = (await get(`/api/admin/products/${P.energy}`)).body.data;
      const before = first.stockOnHand as number;
      const a = await send('PUT', `/api/admin/products/${P.energy}`, {
        ...bodyOf(first),
        stockOnHand: before - 4,
        stockOnHandLoaded: before,
      });
      const b = await send('PUT', `/api/admin/products/${P.energy}`, {
        ...bodyOf(second),
        stockOnHand: before + 10,
        stockOnHandLoaded: before,
      });
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([before, await stock(P.energy)]).toEqual([100, 106]);
    });

    it('stores the number sent when the loaded stock is not sent (as before)', async () => {
      const loaded = (await get(`/api/admin/products/${P.cola}`)).body.data;
      await order(P.cola, 10);
      const res = await send('PUT', `/api/admin/products/${P.cola}`, { ...bodyOf(loaded), stockOnHand: 70 });
      expect(res.body.data.stockOnHand).toBe(70);
      expect(await stock(P.cola)).toBe(70);
    });

    it('refuses a loaded stock that is not a whole number, and a change beyond the bounds', async () => {
      const loaded = (await get(`/api/admin/products/${P.cola}`)).body.data;
      const odd = await send('PUT', `/api/admin/products/${P.cola}`, { ...bodyOf(loaded), stockOnHandLoaded: 1.5 });
      expect([odd.status, odd.body.error.fields]).toEqual([400, { stockOnHandLoaded: 'Stock on hand must be a whole number' }]);
      const far = await send('PUT', `/api/admin/products/${P.cola}`, {
        ...bodyOf(loaded),
        stockOnHand: 1_000_000_000,
        stockOnHandLoaded: -1_000_000_000,
      });
      expect([far.status, far.body.message, far.body.error.fields]).toEqual([
        400,
        'Stock on hand must stay between -1,000,000,000 and 1,000,000,000',
        { stockOnHand: 'Stock on hand must stay between -1,000,000,000 and 1,000,000,000' },
      ]);
      expect(await stock(P.cola)).toBe(70);
    });
  });
  describe('promoted and discounted, by the promotion rules', () => {
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const promote = async (body: object) => {
      const res = await send('POST', '/api/admin/promotions', { startsAt: at(-hour), ...body });
      expect([res.status, res.body.message]).toEqual([201, 'Promotion created']);
      return res.body.data.id as string;
    };

    it('marks and filters what running promotions discount or promote, whatever they aim at and whoever their audience', async () => {
      const voltForLevel3 = await promote({
        title: 'Volt 10% for level 3',
        discountType: 'percent',
        discountValue: 10,
        targets: { brands: [' volt '] },
        audience: { type: 'priceLevels', values: ['3'] },
      });
      await promote({
        title: 'Pacific on the shelf',
        discountType: 'none',
        promoted: true,
        targets: { vendorIds: ['vendor-1'] },
      });
      await promote({ title: 'Soda 5%', discountType: 'percent', discountValue: 5, targets: { categoryIds: [CAT.soda] } });
      await promote({
        title: 'Pretzels tomorrow',
        discountType: 'amount',
        discountValue: 1,
        targets: { productIds: [P.pretzels] },
        startsAt: at(24 * hour),
      });
      await promote({
        title: 'Trail mix, ended',
        discountType: 'percent',
        discountValue: 20,
        promoted: true,
        targets: { productIds: [P.trailMix] },
        startsAt: at(-48 * hour),
        endsAt: at(-hour),
      });

      // The soda subcategory holds the cola and (moved by the bulk edit above) the crackers; the lime keeps
      // its one-product promotion of the fixture.
      expect(await list('discounted=true')).toEqual(['BEV-100', 'BEV-200', 'BEV-300', 'SNK-400']);
      expect(await list('promoted=true')).toEqual(['BEV-100', 'BEV-200', 'BEV-300', 'BEV-900', 'SNK-100']);
      expect(await list('discounted=true&promoted=false')).toEqual(['SNK-400']);
      expect(await list('discounted=false&search=snk')).toEqual(['SNK-100', 'SNK-200', 'SNK-300']);
      const energy = await get(`/api/admin/products/${P.energy}`);
      expect(energy.body.data).toMatchObject({ isDiscounted: true, isPromoted: true });
      const rows = (await get('/api/admin/products?search=snk')).body.data.items;
      expect(rows.map((r: any) => [r.itemNumber, r.isDiscounted, r.isPromoted])).toEqual([
        ['SNK-100', false, true],
        ['SNK-200', false, false],
        ['SNK-300', false, false],
        ['SNK-400', true, false],
      ]);

      expect((await send('POST', `/api/admin/promotions/${voltForLevel3}/deactivate`, {})).status).toBe(200);
      expect(await list('discounted=true')).toEqual(['BEV-100', 'BEV-200', 'SNK-400']);
      expect((await get(`/api/admin/products/${P.energy}`)).body.data).toMatchObject({ isDiscounted: false, isPromoted: true });
    });
  });
});
