// The product's aisle/bin location (`products.location`, what pick lists sort by) in the CSV import and
// export: a Location column sets it, a blank cell clears it (with the dry run's "Blank … clears" warning),
// a file without the column keeps it, a value over the product form's limit is a row error, the export
// writes it, and a rollback puts it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';

const TOO_LONG = 'Aisle 12 / Bay 4 / Shelf 3 / Bin 17 / Top'; // 41 characters
const FILE = [
  'Item_Number,Description,Aisle / location',
  'LOC-1,Located one,A-12', // row 2: updated, A-01 → A-12
  'LOC-2,Located two,', // row 3: blank clears B-02
  'LOC-NEW,New located,  Aisle 3 / Bay 2  ', // row 4: created, trimmed
  `LOC-BAD,Too far,${TOO_LONG}`, // row 5: refused by the product form's rule
].join('\r\n');

describe('product import and export: the Location column', () => {
  let ctx: TestContext;
  let admin: string;
  let importId = '';

  const upload = (body: string, fileName: string) =>
    call(ctx.app, {
      method: 'POST',
      url: `/api/admin/product-imports?fileName=${encodeURIComponent(fileName)}`,
      payload: body,
      headers: { 'content-type': 'text/csv' },
      token: admin,
    });
  const dryRun = (id: string, mapping: (string | null)[]) =>
    call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${id}/dry-run`, payload: { mapping }, token: admin });
  const applied = async (id: string) => {
    const started = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${id}/apply`, token: admin });
    expect(started.status).toBe(202);
    let record = started.body.data;
    for (let i = 0; i < 200 && record.status === 'applying'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      record = (await call(ctx.app, { method: 'GET', url: `/api/admin/product-imports/${id}`, token: admin })).body.data;
    }
    return record;
  };
  const locations = async () =>
    Object.fromEntries(
      (
        await ctx.db
          .selectFrom('products')
          .select(['item_number', 'location'])
          .where('item_number', 'like', 'LOC-%')
          .orderBy('item_number')
          .execute()
      ).map((r) => [r.item_number, r.location]),
    );
  const exportCsv = async (search: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/products/export.csv?search=${encodeURIComponent(search)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await insertProduct(ctx.db, { id: 'p-loc-1', item_number: 'LOC-1', description: 'Located one', location: 'A-01' });
    await insertProduct(ctx.db, { id: 'p-loc-2', item_number: 'LOC-2', description: 'Located two', location: 'B-02' });
    await insertProduct(ctx.db, { id: 'p-loc-3', item_number: 'LOC-3', description: 'Located three', location: 'C-03' });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(() => ctx.close());

  it('suggests the Location field for the product form’s own name of the column', async () => {
    const res = await upload(FILE, 'locations.csv');
    expect(res.status).toBe(201);
    importId = res.body.data.id;
    expect(res.body.data.mapping).toEqual(['itemNumber', 'description', 'location']);
    const byLabel = await upload('Item number,Location\nLOC-1,A-12\n', 'by-label.csv');
    expect(byLabel.body.data.mapping).toEqual(['itemNumber', 'location']);
  });

  it('the dry run diffs and warns about the location, and refuses one over 40 characters as a row error', async () => {
    const res = await dryRun(importId, ['itemNumber', 'description', 'location']);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total: 4,
      counts: { created: 1, updated: 2, unchanged: 0, rejected: 1 },
      updates: [
        { row: 2, itemNumber: 'LOC-1', changes: [{ field: 'location', label: 'Location', before: 'A-01', after: 'A-12' }] },
        { row: 3, itemNumber: 'LOC-2', changes: [{ field: 'location', label: 'Location', before: 'B-02', after: '' }] },
      ],
      errors: [{ row: 5, itemNumber: 'LOC-BAD', reason: 'Aisle / location must be 40 characters or less' }],
      warnings: [{ row: 3, itemNumber: 'LOC-2', field: 'location', message: 'Blank Location clears B-02' }],
    });
    expect(await locations()).toEqual({ 'LOC-1': 'A-01', 'LOC-2': 'B-02', 'LOC-3': 'C-03' });
  });

  it('applying sets, clears and creates locations; the refused row is in the rejected rows’ file', async () => {
    expect(await applied(importId)).toMatchObject({
      status: 'applied',
      counts: { created: 1, updated: 2, unchanged: 0, rejected: 1 },
    });
    expect(await locations()).toEqual({
      'LOC-1': 'A-12',
      'LOC-2': null,
      'LOC-3': 'C-03',
      'LOC-NEW': 'Aisle 3 / Bay 2',
    });
    const rejected = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/product-imports/${importId}/rejected.csv`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(rejected.body).toBe(
      '\uFEFF' +
        [
          'Item_Number,Description,Aisle / location,Row,Reason',
          `LOC-BAD,Too far,${TOO_LONG},5,Aisle / location must be 40 characters or less`,
          '',
        ].join('\r\n'),
    );
  });

  it('a file without the Location column keeps each product’s location', async () => {
    const res = await upload('Item_Number,Description\nLOC-3,Located three renamed\n', 'no-location.csv');
    const dry = await dryRun(res.body.data.id, ['itemNumber', 'description']);
    expect(dry.body.data.updates).toEqual([
      {
        row: 2,
        itemNumber: 'LOC-3',
        changes: [{ field: 'description', label: 'Description', before: 'Located three', after: 'Located three renamed' }],
      },
    ]);
    expect(dry.body.data.warnings).toEqual([]);
    expect(await applied(res.body.data.id)).toMatchObject({ status: 'applied' });
    expect((await locations())['LOC-3']).toBe('C-03');
  });

  it('exports the location after the sales category, and the exported file maps it back', async () => {
    const body = await exportCsv('LOC-');
    const lines = body.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(5, 9)).toEqual(['Vendor', 'Sales category', 'Location', 'Pack']);
    const at = header.indexOf('Location');
    expect(Object.fromEntries(lines.slice(1, -1).map((l) => [l.split(',')[0], l.split(',')[at]]))).toEqual({
      'LOC-1': 'A-12',
      'LOC-2': '',
      'LOC-3': 'C-03',
      'LOC-NEW': 'Aisle 3 / Bay 2',
    });
    const back = await upload(body, 'export.csv');
    expect(back.body.data.mapping[at]).toBe('location');
    expect(back.body.data.mapping).not.toContain(null);
  });

  it('a rollback gives each product its location back', async () => {
    const res = await call(ctx.app, { method: 'POST', url: `/api/admin/product-imports/${importId}/rollback`, token: admin });
    expect([res.status, res.body.message]).toEqual([200, 'Import rolled back']);
    expect(await locations()).toEqual({ 'LOC-1': 'A-01', 'LOC-2': 'B-02', 'LOC-3': 'C-03' });
  });
});
