// Admin categories over HTTP: the tree with counts and order, create (top-level and subcategory, the
// parent rule), rename, delete and its refusals, duplicates, validation messages, another distributor's
// category, the Products permission, other roles refused, and a rename seen by the retailer's catalogue
// at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { CAT, createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const D = WORLD.distributorId;

describe('admin categories: /api/admin/categories', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let noProducts: string;
  let otherAdmin: string;
  let retailer: string;
  let sales: string;

  beforeAll(async () => {
    // Beverages (sort 1; Soda under it) and Snacks (sort 2), with the catalogue fixture's products.
    ctx = await createCatalogContext();
    await ctx.db
      .insertInto('categories')
      .values([
        { id: 'cat-candy', distributor_id: D, name: 'Candy', parent_id: null, sort_order: 2 },
        { id: 'cat-juice', distributor_id: D, name: 'Juice', parent_id: CAT.beverages, sort_order: 1 },
      ])
      .execute();
    await addDistributor(ctx.db, 'dist-2');
    await ctx.db
      .insertInto('categories')
      .values({ id: 'cat-other', distributor_id: 'dist-2', name: 'Other Top', parent_id: null, sort_order: 1 })
      .execute();
    await addDistributorUser(ctx.db, 'user-products-view', { Products: { view: true } });
    await addDistributorUser(ctx.db, 'user-no-products', { Vendors: ALL, Orders: ALL });
    await addDistributorUser(ctx.db, 'user-other-admin', { Products: ALL }, 'dist-2');
    [admin, viewOnly, noProducts, otherAdmin, retailer, sales] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-products-view'),
      tokenFor(ctx, 'user-no-products'),
      tokenFor(ctx, 'user-other-admin'),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.sales.id),
    ]);
  });
  afterAll(() => ctx.close());

  const list = async (token = admin) => call(ctx.app, { method: 'GET', url: '/api/admin/categories', token });
  const create = (payload: object, token = admin) =>
    call(ctx.app, { method: 'POST', url: '/api/admin/categories', payload, token });
  const rename = (id: string, payload: object, token = admin) =>
    call(ctx.app, { method: 'PUT', url: `/api/admin/categories/${id}`, payload, token });
  const remove = (id: string, token = admin) => call(ctx.app, { method: 'DELETE', url: `/api/admin/categories/${id}`, token });
  const stored = (id: string) => ctx.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();

  it('answers the tree by sort order then name, each with the products using it', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [
        {
          id: CAT.beverages,
          name: 'Beverages',
          sortOrder: 1,
          productCount: 4,
          subcategories: [
            { id: 'cat-juice', name: 'Juice', sortOrder: 1, productCount: 0 },
            { id: CAT.soda, name: 'Soda', sortOrder: 1, productCount: 1 },
          ],
        },
        { id: 'cat-candy', name: 'Candy', sortOrder: 2, productCount: 0, subcategories: [] },
        { id: CAT.snacks, name: 'Snacks', sortOrder: 2, productCount: 4, subcategories: [] },
      ],
    });
    const other = await list(otherAdmin);
    expect(other.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Other Top']);
  });

  it('creates a top-level category at the end, and a subcategory under a top-level one', async () => {
    const top = await create({ name: '  Frozen ' });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({
      success: true,
      message: 'Category created',
      data: { name: 'Frozen', parentId: null, sortOrder: 3 },
    });
    expect(await stored(top.body.data.id)).toMatchObject({ distributor_id: D, name: 'Frozen', parent_id: null, sort_order: 3 });
    const sub = await create({ name: 'Ice Cream', parentId: top.body.data.id });
    expect(sub.status).toBe(201);
    expect(sub.body.data).toMatchObject({ name: 'Ice Cream', parentId: top.body.data.id, sortOrder: 1 });
    const tree = (await list()).body.data.items;
    expect(tree.at(-1)).toMatchObject({ name: 'Frozen', subcategories: [{ name: 'Ice Cream', productCount: 0 }] });
    expect((await create({ name: 'Null Parent', parentId: null })).body.data.parentId).toBeNull();
  });

  it('refuses a parent that is a subcategory, unknown or another distributor’s', async () => {
    for (const parentId of [CAT.soda, 'no-such-category', 'cat-other']) {
      const res = await create({ name: 'Nested', parentId });
      expect(res.status, parentId).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Choose a top-level category as the parent',
        error: { code: 'VALIDATION_ERROR' },
      });
    }
    expect(await ctx.db.selectFrom('categories').select('id').where('name', '=', 'Nested').execute()).toEqual([]);
  });

  it('refuses a duplicate name under the same parent (letter case aside), not under another', async () => {
    const top = await create({ name: 'snacks' });
    expect(top.status).toBe(409);
    expect(top.body).toMatchObject({ message: 'A category named snacks already exists here', error: { code: 'CONFLICT' } });
    const sub = await create({ name: 'SODA', parentId: CAT.beverages });
    expect(sub.status).toBe(409);
    expect(sub.body.message).toBe('A category named SODA already exists here');
    // The same name at another level or under another parent is fine.
    expect((await create({ name: 'Soda', parentId: CAT.snacks })).status).toBe(201);
    expect((await create({ name: 'Soda' })).status).toBe(201);
  });

  it('keeps one category when the same new name is created at once, the others 409', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => create({ name: 'Race Aisle' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await ctx.db.selectFrom('categories').select('id').where('name', '=', 'Race Aisle').execute()).toHaveLength(1);
    // The database itself refuses a duplicate among siblings (migration 0005), whatever writes it.
    const row = { distributor_id: D, name: 'race aisle', parent_id: null, sort_order: 9 };
    await expect(
      ctx.db
        .insertInto('categories')
        .values({ id: 'cat-race-2', ...row })
        .execute(),
    ).rejects.toThrow();
  });

  it('answers the validation messages', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.fields?.name).toBe('Category name is required');
    }
    const long = await create({ name: 'x'.repeat(121) });
    expect(long.body.error.fields?.name).toBe('Category name must be 120 characters or less');
    const emptyRename = await rename(CAT.snacks, { name: ' ' });
    expect(emptyRename.status).toBe(400);
    expect(emptyRename.body.error.fields?.name).toBe('Category name is required');
  });

  it('renames, refusing a sibling’s name and another distributor’s category', async () => {
    const res = await rename('cat-candy', { name: 'Candy & Gum' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Category updated',
      data: { id: 'cat-candy', name: 'Candy & Gum', parentId: null },
    });
    expect((await stored('cat-candy'))?.name).toBe('Candy & Gum');
    expect((await rename('cat-candy', { name: 'CANDY & GUM' })).status).toBe(200);
    const dup = await rename('cat-juice', { name: 'soda' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A category named soda already exists here');
    const other = await rename('cat-other', { name: 'Mine Now' });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Category not found');
    expect((await stored('cat-other'))?.name).toBe('Other Top');
  });

  it('refuses to delete a category products use, or one with subcategories, and deletes an unused one', async () => {
    const used = await remove(CAT.snacks);
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({
      success: false,
      message: 'Snacks is used by 4 products. Move them first.',
      error: { code: 'CONFLICT' },
    });
    const usedSub = await remove(CAT.soda);
    expect(usedSub.body.message).toBe('Soda is used by 1 products. Move them first.');
    // Beverages' subcategory Juice has no products, but Beverages itself is used.
    expect((await remove(CAT.beverages)).body.message).toBe('Beverages is used by 4 products. Move them first.');

    const parent = await create({ name: 'Seasonal' });
    await create({ name: 'Holiday', parentId: parent.body.data.id });
    const withSubs = await remove(parent.body.data.id);
    expect(withSubs.status).toBe(409);
    expect(withSubs.body.message).toBe('Seasonal has subcategories. Delete them first.');

    const gone = await remove('cat-juice');
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ success: true, message: 'Category deleted', data: { id: 'cat-juice' } });
    expect(await stored('cat-juice')).toBeUndefined();
    expect((await remove('cat-juice')).status).toBe(404);
    expect((await remove('cat-other')).status).toBe(404);
    expect(await stored('cat-other')).toBeDefined();
  });

  it("shows a rename in the retailer's catalogue filters at once", async () => {
    const inventory = (payload: object) =>
      call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload, token: retailer });
    const before = await inventory({});
    expect(before.body.data.facets.categories.map((c: { name: string }) => c.name)).toContain('Beverages');

    expect((await rename(CAT.beverages, { name: 'Drinks' })).status).toBe(200);
    expect((await rename(CAT.soda, { name: 'Pop' })).status).toBe(200);
    const after = await inventory({});
    expect(after.body.data.facets.categories).toContainEqual({ id: CAT.beverages, name: 'Drinks', count: 3 });
    const ids = async (payload: object) =>
      (await inventory(payload)).body.data.finalProductList.map((p: { id: string }) => p.id).sort();
    expect(await ids({ category: 'drinks' })).toEqual([P.cola, P.energy, P.lime].sort());
    expect(await ids({ subCategory: 'Pop' })).toEqual([P.cola]);
    expect(await ids({ subCategory: 'Soda' })).toEqual([]);
  });

  it('lets a view-only role read and refuses its writes with 403', async () => {
    expect((await list(viewOnly)).status).toBe(200);
    const add = await create({ name: 'Sneaky' }, viewOnly);
    expect(add.status).toBe(403);
    expect(add.body.message).toBe('You do not have add permission for Products');
    expect((await rename(CAT.snacks, { name: 'Sneaky' }, viewOnly)).body.message).toBe(
      'You do not have edit permission for Products',
    );
    expect((await remove('cat-candy', viewOnly)).body.message).toBe('You do not have delete permission for Products');
    expect(await stored('cat-candy')).toBeDefined();
  });

  it('refuses a distributor user whose role lacks Products, a retailer, a rep and no session', async () => {
    for (const token of [noProducts, retailer, sales]) {
      const res = await list(token);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect((await create({ name: 'Nope' }, token)).status).toBe(403);
    }
    expect((await call(ctx.app, { method: 'GET', url: '/api/admin/categories' })).status).toBe(401);
    expect(await ctx.db.selectFrom('categories').select('id').where('name', '=', 'Nope').execute()).toEqual([]);
  });
});
