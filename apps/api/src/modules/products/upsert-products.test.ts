// upsertProducts: a batch of rows by item number (for the CSV import) creates and updates products,
// lays a partial row over the stored product, rejects bad rows with their reasons while writing the
// others, answers a dry run without writing, and what it writes is what the admin API then shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { upsertProducts, validateProductRows } from './products.service.ts';

const D = WORLD.distributorId;

describe('upsertProducts: rows by item number', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(() => ctx.close());

  const detail = async (id: string) =>
    (await call(ctx.app, { method: 'GET', url: `/api/admin/products/${id}`, token: admin })).body.data;

  it('validates rows by the form rules and against each other, without the database', () => {
    const { valid, errors } = validateProductRows([
      { itemNumber: 'A-1', description: 'One', upcs: ['11112222'] },
      { itemNumber: 'A-1', description: 'Again' },
      { itemNumber: 'A-2', description: 'Two', upcs: ['11112222'] },
      { itemNumber: 'A-3' },
      'not a row',
      { itemNumber: 'A-4', description: 'Four', price1Cents: -1 },
    ]);
    expect(valid.map((v) => [v.index, v.input.itemNumber])).toEqual([[0, 'A-1']]);
    expect(errors.map((e) => [e.index, e.message])).toEqual([
      [1, 'Item number A-1 is on more than one row'],
      [2, 'UPC 11112222 is on more than one row'],
      [3, 'Description is required'],
      [4, 'Row must be an object of product fields'],
      [5, 'Price 1 must be 0 or more, in whole cents'],
    ]);
    expect(errors[4]!.fields).toEqual({ price1Cents: 'Price 1 must be 0 or more, in whole cents' });
  });

  const batch = [
    { itemNumber: 'BEV-100', price1Cents: 1100 }, // partial update of the cola
    { itemNumber: 'BEV-300' }, // nothing changes
    { itemNumber: 'IMP-1', description: 'Imported Tea', categoryId: CAT.beverages, upcs: ['55556666'] },
    { itemNumber: 'IMP-2', description: 'Bad category', categoryId: 'nope' },
    { itemNumber: 'IMP-3', description: 'Taken UPC', upcs: ['098765432109'] },
    { itemNumber: 'IMP-4', description: '' },
  ];

  it('answers a dry run with counts, per-row status, changes and reasons, writing nothing', async () => {
    const result = await upsertProducts(ctx.db, D, batch, { dryRun: true });
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 1, rejected: 3 });
    expect(result.rows.map((r) => [r.index, r.itemNumber, r.status, r.message ?? null])).toEqual([
      [0, 'BEV-100', 'updated', null],
      [1, 'BEV-300', 'unchanged', null],
      [2, 'IMP-1', 'created', null],
      [3, 'IMP-2', 'rejected', 'Choose one of your categories'],
      [4, 'IMP-3', 'rejected', 'UPC 098765432109 is already used by another product'],
      [5, 'IMP-4', 'rejected', 'Description is required'],
    ]);
    expect(result.rows[0]!.changes).toEqual([{ field: 'price1Cents', before: 1000, after: 1100 }]);
    expect(await ctx.db.selectFrom('products').select('id').where('item_number', '=', 'IMP-1').execute()).toEqual([]);
    expect((await detail(P.cola)).price1Cents).toBe(1000);
  });

  it('writes the good rows, keeping the fields a row leaves out', async () => {
    const result = await upsertProducts(ctx.db, D, batch);
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 1, rejected: 3 });
    const cola = await detail(P.cola);
    expect(cola).toMatchObject({
      price1Cents: 1100,
      price2Cents: 900,
      description: 'Cola Classic 12oz Can',
      upcs: ['012345678905'],
      qtyDiscounts: [
        { minQty: 5, discountCents: 50 },
        { minQty: 10, discountCents: 100 },
      ],
    });
    const tea = await detail(result.rows[2]!.id!);
    expect(tea).toMatchObject({ itemNumber: 'IMP-1', category: 'Beverages', upcs: ['55556666'], isActive: true });
    expect(
      await ctx.db.selectFrom('products').select('id').where('item_number', 'in', ['IMP-2', 'IMP-3', 'IMP-4']).execute(),
    ).toEqual([]);
    const again = await upsertProducts(ctx.db, D, batch.slice(0, 3));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: 0 });
  });
});
