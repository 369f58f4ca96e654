// Product CSV import and export over HTTP: upload with the mapping suggested and then remembered per
// file layout; the dry run's exact counts, diffs, errors and warnings; apply in the background to the
// stored rows with progress reaching done; the rejected rows' CSV; rollback to the exact previous values
// with created products removed or deactivated; the export's BOM, neutralised cells and filters; the
// Products permission; bad files refused with clear 4xx answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const HEADER = 'Item_Number,Description,Price1,Brand,UPC,Notes,Category';
const FILE = [
  HEADER,
  'IMP-1,Widget Deluxe,1.50,,012345000001,x,Beverages', // row 2: updated, +50 % price, blank brand
  'IMP-2,Gadget,5.00,,,y,', // row 3: unchanged
  'IMP-NEW,New Thing,2.25,Acme,012345000009,,snacks', // row 4: created (category letter case aside)
  "IMP-NEW2,=cmd|' /C calc'!A0,3.00,,,,", // row 5: created, a formula as description
  ',No item,1.00,,,,', // row 6
  'IMP-BAD,Bad price,abc,,,,', // row 7
  'IMP-NEW,Again,1.00,,,,', // row 8
  'IMP-CAT,Cat thing,1.00,,,,Nowhere', // row 9
  'IMP-UPC,Bad upc,1.00,,12ab,,', // row 10: refused by the products rules
].join('\r\n');

const LEVELS_PAY_PRICE1 = 'Price 2–5 blank: stores on those levels pay Price 1';
const MAPPING = ['itemNumber', 'description', 'price1Cents', 'brand', 'upcs', null, 'category'];

describe('product import and export: /api/admin/product-imports, /api/admin/products/export.csv', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let noProducts: string;
  let importId = '';
  let beforeRows: Record<string, unknown>[] = [];

  const upload = (body: string | Buffer, token = admin, fileName = 'supplier.csv', type = 'text/csv') =>
    call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports?fileName=${encodeURIComponent(fileName)}`,
      payload: body,
      headers: { 'content-type': type },
      token,
    });

  const productRows = async (items: string[]) => {
    const rows = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('item_number', 'in', items)
      .orderBy('item_number')
      .execute();
    const upcs = await ctx.db.selectFrom('product_upcs').selectAll().orderBy('upc').execute();
    // What the office sees of a product; version and stock_changed_at are the catalogue's own stamps (0006).
    return rows.map(({ updated_at: _u, search_text: _s, version: _v, stock_changed_at: _c, ...r }) => ({
      ...r,
      upcs: upcs.filter((u) => u.product_id === r.id).map((u) => u.upc),
    }));
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await insertProduct(ctx.db, {
      id: 'p-imp-1',
      item_number: 'IMP-1',
      description: 'Widget',
      brand: 'Acme',
      price1_cents: 100,
      size: '12 oz',
      upcs: ['012345000001'],
    });
    await insertProduct(ctx.db, { id: 'p-imp-2', item_number: 'IMP-2', description: 'Gadget', price1_cents: 500 });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'user-products-view', { Products: { view: true } }));
    noProducts = await tokenFor(ctx, await addDistributorUser(ctx.db, 'user-no-products', { Vendors: ALL, Orders: ALL }));
    beforeRows = await productRows(['IMP-1', 'IMP-2']);
  });
  afterAll(() => ctx.close());

  it('reads the upload: header, row count, a mapping suggested from the header', async () => {
    const res = await upload(FILE);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('File read');
    importId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      fileName: 'supplier.csv',
      header: HEADER.split(','),
      mapping: ['itemNumber', 'description', 'price1Cents', 'brand', 'upcs', null, 'category'],
      mappingRemembered: false,
      rowCount: 9,
      status: 'uploaded',
      processed: 0,
      total: 9,
    });
    expect(res.body.data.preview[0]).toEqual(['IMP-1', 'Widget Deluxe', '1.50', '', '012345000001', 'x', 'Beverages']);
  });

  it('a dry run counts, diffs, refuses and warns exactly, and writes nothing', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${importId}/dry-run`,
      payload: { mapping: MAPPING },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Dry run done');
    expect(res.body.data).toEqual({
      total: 9,
      counts: { created: 2, updated: 1, unchanged: 1, rejected: 5 },
      updates: [
        {
          row: 2,
          itemNumber: 'IMP-1',
          changes: [
            { field: 'description', label: 'Description', before: 'Widget', after: 'Widget Deluxe' },
            { field: 'brand', label: 'Brand', before: 'Acme', after: '' },
            { field: 'category', label: 'Category', before: '', after: 'Beverages' },
            { field: 'price1Cents', label: 'Price 1', before: '1.00', after: '1.50' },
          ],
        },
      ],
      errors: [
        { row: 6, itemNumber: '', reason: 'Item number is required' },
        { row: 7, itemNumber: 'IMP-BAD', reason: 'Price 1 must be a number' },
        { row: 8, itemNumber: 'IMP-NEW', reason: 'Item number IMP-NEW is also on row 4' },
        { row: 9, itemNumber: 'IMP-CAT', reason: 'Unknown category Nowhere' },
        { row: 10, itemNumber: 'IMP-UPC', reason: 'UPC must be 6 to 14 digits' },
      ],
      warnings: [
        { row: 2, itemNumber: 'IMP-1', field: 'brand', message: 'Blank Brand clears Acme' },
        { row: 2, itemNumber: 'IMP-1', field: 'price1Cents', message: 'Price 1 changes by +50.0% (1.00 → 1.50)' },
        // New products with only Price 1: stores on levels 2–5 pay Price 1.
        { row: 4, itemNumber: 'IMP-NEW', field: 'price2Cents', message: LEVELS_PAY_PRICE1 },
        { row: 5, itemNumber: 'IMP-NEW2', field: 'price2Cents', message: LEVELS_PAY_PRICE1 },
      ],
    });
    expect(await productRows(['IMP-1', 'IMP-2'])).toEqual(beforeRows);
    expect(await productRows(['IMP-NEW', 'IMP-NEW2'])).toEqual([]);
  });

  it('warns of each price level a row leaves blank: stores on it pay Price 1', async () => {
    const file = [
      'Item_Number,Description,Price1,Price2,Price3,Price4,Price5',
      'LVL-1,Levels,2.00,1.90,,1.80,1.70', // created, Price 3 blank
      'LVL-2,All levels,2.00,1.90,1.80,1.70,1.60', // created, every level set
      'LVL-3,No price,,,,,', // created without Price 1: nothing to fall back to, no warning
      'IMP-2,Gadget,5.00,4.50,4.40,,', // IMP-2 gets levels 2 and 3, 4 and 5 stay blank
    ].join('\n');
    const uploaded = await upload(file, admin, 'levels.csv');
    expect(uploaded.status).toBe(201);
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${uploaded.body.data.id}/dry-run`,
      payload: {
        mapping: ['itemNumber', 'description', 'price1Cents', 'price2Cents', 'price3Cents', 'price4Cents', 'price5Cents'],
      },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toEqual([
      { row: 2, itemNumber: 'LVL-1', field: 'price3Cents', message: 'Price 3 blank: stores on that level pay Price 1' },
      // IMP-2 had $5.00 on every level: the blanks clear them, and those levels then pay Price 1.
      { row: 5, itemNumber: 'IMP-2', field: 'price4Cents', message: 'Blank Price 4 clears 5.00' },
      { row: 5, itemNumber: 'IMP-2', field: 'price5Cents', message: 'Blank Price 5 clears 5.00' },
      {
        row: 5,
        itemNumber: 'IMP-2',
        field: 'price4Cents',
        message: 'Price 4, Price 5 blank: stores on those levels pay Price 1',
      },
    ]);
  });

  it('the same file layout gets the mapping used last', async () => {
    const res = await upload([HEADER, 'IMP-9,Other,1.00,,,,'].join('\n'), admin, 'next-week.csv');
    expect(res.status).toBe(201);
    expect(res.body.data.mapping).toEqual(MAPPING);
    expect(res.body.data.mappingRemembered).toBe(true);
    // Another layout is suggested afresh.
    const other = await upload('SKU;Name;Price\nIMP-9;Other;1,00\n', admin, 'semicolons.csv');
    expect(other.status).toBe(201);
    expect(other.body.data).toMatchObject({ header: ['SKU', 'Name', 'Price'], mappingRemembered: false });
    expect(other.body.data.mapping).toEqual(['itemNumber', 'description', 'price1Cents']);
  });

  it('refuses a mapping without an item number column, or with a field twice', async () => {
    const without = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${importId}/dry-run`,
      payload: { mapping: [null, 'description', 'price1Cents', 'brand', 'upcs', null, 'category'] },
      token: admin,
    });
    expect([without.status, without.body.message]).toEqual([400, 'Map a column to Item number: the file must have it']);
    const twice = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${importId}/dry-run`,
      payload: { mapping: ['itemNumber', 'description', 'price1Cents', 'price1Cents', 'upcs', null, 'category'] },
      token: admin,
    });
    expect([twice.status, twice.body.message]).toEqual([400, 'Price 1 is chosen for more than one column']);
    const short = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${importId}/dry-run`,
      payload: { mapping: ['itemNumber'] },
      token: admin,
    });
    expect([short.status, short.body.message]).toEqual([400, 'Choose a field (or none) for every column of the file']);
    // The refused mappings are not remembered: the import keeps its dry run's.
    const record = await call(ctx.app, { method: 'GET', url: `/api/admin/product-imports/${importId}`, token: admin });
    expect(record.body.data.mapping).toEqual(MAPPING);
  });

  it('applies in the background: progress reaches done and the rows are stored', async () => {
    const started = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${importId}/apply`, token: admin });
    expect(started.status).toBe(202);
    expect(started.body.message).toBe('Import started');
    expect(started.body.data.status).toBe('applying');
    const again = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${importId}/apply`, token: admin });
    expect([again.status, again.body.message]).toEqual([409, 'This import is still being applied']);

    let record = started.body.data;
    for (let i = 0; i < 200 && record.status === 'applying'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      record = (await call(ctx.app, { method: 'GET', url: `/api/admin/product-imports/${importId}`, token: viewOnly })).body.data;
    }
    expect(record).toMatchObject({
      status: 'applied',
      processed: 9,
      total: 9,
      counts: { created: 2, updated: 1, unchanged: 1, rejected: 5 },
      error: null,
    });
    expect(record.appliedAt).toEqual(expect.any(String));

    const [imp1, imp2] = await productRows(['IMP-1', 'IMP-2']);
    expect(imp1).toEqual({
      ...beforeRows[0],
      description: 'Widget Deluxe',
      brand: null,
      category_id: CAT.beverages,
      price1_cents: 150,
    });
    expect(imp2).toEqual(beforeRows[1]);
    const created = await productRows(['IMP-NEW', 'IMP-NEW2']);
    expect(created).toMatchObject([
      {
        item_number: 'IMP-NEW',
        description: 'New Thing',
        brand: 'Acme',
        price1_cents: 225,
        category_id: CAT.snacks,
        is_active: 1,
        distributor_id: WORLD.distributorId,
        upcs: ['012345000009'],
      },
      { item_number: 'IMP-NEW2', description: "=cmd|' /C calc'!A0", price1_cents: 300, pack: 1, uom: 'EA', upcs: [] },
    ]);
    const applyAgain = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${importId}/apply`, token: admin });
    expect([applyAgain.status, applyAgain.body.message]).toEqual([409, 'This import has already been applied']);
  });

  it('the rejected rows download as CSV with the reason per row', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/product-imports/${importId}/rejected.csv`,
      headers: { authorization: `Bearer ${viewOnly}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rejected-rows.csv"');
    expect(res.body).toBe(
      '\uFEFF' +
        [
          'Item_Number,Description,Price1,Brand,UPC,Notes,Category,Row,Reason',
          ',No item,1.00,,,,,6,Item number is required',
          'IMP-BAD,Bad price,abc,,,,,7,Price 1 must be a number',
          'IMP-NEW,Again,1.00,,,,,8,Item number IMP-NEW is also on row 4',
          'IMP-CAT,Cat thing,1.00,,,,Nowhere,9,Unknown category Nowhere',
          'IMP-UPC,Bad upc,1.00,,12ab,,,10,UPC must be 6 to 14 digits',
          '',
        ].join('\r\n'),
    );
  });

  it('exports with a BOM, the import header, neutralised formula cells and the list filters', async () => {
    const exporter = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'user-products-export', { Products: { view: true, export: true } }),
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products/export.csv?search=imp-new',
      headers: { authorization: `Bearer ${exporter}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Item number,Description,Brand,Category,Subcategory,Vendor,Sales category,Location,Pack,Case count,UOM,Unit ounces,Size,UPCs,' +
        'Price 1,Price 2,Price 3,Price 4,Price 5,Tax rate,CRV,Stock on hand,Product limit,New item,Allow to order,Show stock,' +
        'Show low stock,Show without price,Reps may order,Show stock to reps,Show low stock to reps,Show without price to reps,Active',
    );
    expect(lines.slice(1)).toEqual([
      'IMP-NEW,New Thing,Acme,Snacks,,,,,1,1,EA,0,,012345000009,2.25,0.00,0.00,0.00,0.00,0,0.00,0,,no,yes,yes,no,no,yes,yes,no,no,yes',
      "IMP-NEW2,'=cmd|' /C calc'!A0,,,,,,,1,1,EA,0,,,3.00,0.00,0.00,0.00,0.00,0,0.00,0,,no,yes,yes,no,no,yes,yes,no,no,yes",
      '',
    ]);
    // Other filters: status and category.
    const inactive = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products/export.csv?status=inactive',
      headers: { authorization: `Bearer ${admin}` },
    });
    const inactiveItems = inactive.body
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(',')[0]);
    const stored = await ctx.db.selectFrom('products').select('item_number').where('is_active', '=', 0).orderBy('id').execute();
    expect(inactiveItems).toEqual(stored.map((r) => r.item_number));
    expect(inactiveItems.length).toBeGreaterThan(0);
    const snacks = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/products/export.csv?category=${CAT.snacks}&search=IMP`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(
      snacks.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['IMP-NEW']);
    // The export imports back: its header maps every column.
    const back = await upload(res.body, admin, 'export.csv');
    expect(back.body.data.mapping).not.toContain(null);
  });

  it('rolls back: changed products get their exact values back, created ones are removed or deactivated', async () => {
    // IMP-NEW is now in a cart: it is kept, deactivated; IMP-NEW2 is referenced by nothing: removed.
    const created = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('item_number', '=', 'IMP-NEW')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('cart_items')
      .values({
        id: 'cart-imp-new',
        customer_id: WORLD.customers.c10001,
        user_id: WORLD.users.retailer.id,
        product_id: created.id,
        quantity: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const viewer = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports/${importId}/rollback`,
      token: viewOnly,
    });
    expect([viewer.status, viewer.body.message]).toEqual([403, 'You do not have edit permission for Products']);

    const res = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${importId}/rollback`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Import rolled back');
    expect(res.body.data).toMatchObject({ status: 'rolled_back', rolledBackAt: expect.any(String) });
    expect(await productRows(['IMP-1', 'IMP-2'])).toEqual(beforeRows);
    expect(await productRows(['IMP-NEW', 'IMP-NEW2'])).toMatchObject([{ item_number: 'IMP-NEW', is_active: 0 }]);

    const again = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${importId}/rollback`, token: admin });
    expect([again.status, again.body.message]).toEqual([409, 'Only an applied import can be rolled back']);
  });

  it('refuses bad files with clear 4xx answers', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const cases: [string | Buffer, string, number, string][] = [
      [png, 'logo.png', 415, 'Upload a CSV or Excel file (.csv, .xlsx): this file is not one'],
      ['', 'empty.csv', 400, 'The file is empty'],
      ['\uFEFF  \r\n\r\n', 'blank.csv', 400, 'The file is empty'],
      [HEADER + '\r\n', 'header-only.csv', 400, 'The file has a header row but no products'],
      ['a,"b\nc', 'broken.csv', 400, 'The file could not be read as CSV: a quoted cell is never closed'],
    ];
    for (const [body, name, status, message] of cases) {
      const res = await upload(body, admin, name);
      expect([name, res.status, res.body.message]).toEqual([name, status, message]);
    }
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), admin, 'big.csv');
    expect([big.status, big.body.message, big.body.error.code]).toEqual([
      413,
      'File size must be 10MB or less',
      'PAYLOAD_TOO_LARGE',
    ]);
    const missing = await call(ctx.app, { method: 'GET', url: '/api/admin/product-imports/nope', token: admin });
    expect([missing.status, missing.body.message]).toEqual([404, 'Import not found']);
  });

  it('refuses a distributor user without the Products permission, and other roles', async () => {
    const res = await upload(FILE, noProducts);
    expect([res.status, res.body.message]).toEqual([403, 'You do not have add permission for Products']);
    const viewer = await upload(FILE, viewOnly);
    expect([viewer.status, viewer.body.message]).toEqual([403, 'You do not have add permission for Products']);
    const exported = await call(ctx.app, { method: 'GET', url: '/api/admin/products/export.csv', token: noProducts });
    expect([exported.status, exported.body.message]).toEqual([403, 'You do not have export permission for Products']);
    const viewed = await call(ctx.app, { method: 'GET', url: '/api/admin/products/export.csv', token: viewOnly });
    expect([viewed.status, viewed.body.message]).toEqual([403, 'You do not have export permission for Products']);
    const retailer = await call(ctx.app, {
      method: 'GET',
      url: `/api/admin/product-imports/${importId}`,
      token: await tokenFor(ctx, WORLD.users.retailer.id),
    });
    expect(retailer.status).toBe(403);
  });
});
