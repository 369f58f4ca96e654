// Admin vendors over HTTP: the list's paging, sorting, search, status filter and totals; create, edit,
// deactivate and reactivate with their messages and what is stored; duplicate names; validation
// messages; another distributor's vendor; the Vendors permission; other roles refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const D = WORLD.distributorId;

describe('admin vendors: /api/admin/vendors', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let noVendors: string;
  let otherAdmin: string;
  let retailer: string;
  let sales: string;

  const vendor = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    distributor_id: D,
    name,
    contact_name: null,
    email: null,
    phone: null,
    is_active: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });

  beforeAll(async () => {
    ctx = await createCatalogContext(); // holds vendor-1 "Pacific Bottling" with 4 products (one inactive)
    await ctx.db
      .insertInto('vendors')
      .values([
        vendor('v-alpine', 'Alpine Snacks', {
          contact_name: 'Zoe Quinn',
          email: 'orders@alpine.test',
          created_at: '2026-02-01T00:00:00.000Z',
        }),
        vendor('v-bay', 'bay beverages', { contact_name: 'Sam Lee', created_at: '2026-03-01T00:00:00.000Z' }),
        vendor('v-coastal', 'Coastal Candy', {
          is_active: 0,
          email: 'hello@coastal.test',
          created_at: '2025-12-01T00:00:00.000Z',
        }),
        vendor('v-delta', '100%_Juice', { created_at: '2026-04-01T00:00:00.000Z' }),
      ])
      .execute();
    await ctx.db.updateTable('products').set({ vendor_id: 'v-alpine' }).where('id', 'in', [P.chips, P.pretzels]).execute();
    await addDistributor(ctx.db, 'dist-2');
    await ctx.db
      .insertInto('vendors')
      .values(vendor('v-other', 'Other Vendor', { distributor_id: 'dist-2' }))
      .execute();
    await addDistributorUser(ctx.db, 'user-vendors-view', { Vendors: { view: true } });
    await addDistributorUser(ctx.db, 'user-no-vendors', { Orders: ALL, Products: ALL });
    await addDistributorUser(ctx.db, 'user-other-admin', { Vendors: ALL }, 'dist-2');
    [admin, viewOnly, noVendors, otherAdmin, retailer, sales] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-vendors-view'),
      tokenFor(ctx, 'user-no-vendors'),
      tokenFor(ctx, 'user-other-admin'),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.sales.id),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token = admin) =>
    call(ctx.app, { method, url, payload, token });
  const names = (body: any) => body.data.items.map((v: { name: string }) => v.name);
  const stored = (id: string) => ctx.db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('list', () => {
    it('answers the first page sorted by name (letter case aside) with counts and the total', async () => {
      const res = await get('/api/admin/vendors');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ total: 5, page: 1, limit: 25 });
      expect(names(res.body)).toEqual(['100%_Juice', 'Alpine Snacks', 'bay beverages', 'Coastal Candy', 'Pacific Bottling']);
      expect(res.body.data.items[1]).toEqual({
        id: 'v-alpine',
        name: 'Alpine Snacks',
        contactName: 'Zoe Quinn',
        email: 'orders@alpine.test',
        phone: null,
        isActive: true,
        productCount: 2,
        createdAt: '2026-02-01T00:00:00.000Z',
      });
      expect(res.body.data.items[4]).toMatchObject({ id: 'vendor-1', productCount: 4 });
    });

    it('pages with the total of all pages', async () => {
      const res = await get('/api/admin/vendors?page=2&limit=2');
      expect(res.body.data).toMatchObject({ total: 5, page: 2, limit: 2 });
      expect(names(res.body)).toEqual(['bay beverages', 'Coastal Candy']);
      const last = await get('/api/admin/vendors?page=3&limit=2');
      expect(names(last.body)).toEqual(['Pacific Bottling']);
    });

    it('sorts by product count, created date and status, both ways', async () => {
      const byCount = await get('/api/admin/vendors?sort=productCount');
      expect(names(byCount.body)).toEqual(['Pacific Bottling', 'Alpine Snacks', '100%_Juice', 'bay beverages', 'Coastal Candy']);
      const byCountAsc = await get('/api/admin/vendors?sort=productCount&dir=asc');
      expect(names(byCountAsc.body)).toEqual([
        '100%_Juice',
        'bay beverages',
        'Coastal Candy',
        'Alpine Snacks',
        'Pacific Bottling',
      ]);
      const newest = await get('/api/admin/vendors?sort=createdAt');
      expect(names(newest.body)).toEqual(['100%_Juice', 'bay beverages', 'Alpine Snacks', 'Pacific Bottling', 'Coastal Candy']);
      const inactiveFirst = await get('/api/admin/vendors?sort=isActive&dir=asc');
      expect(names(inactiveFirst.body)[0]).toBe('Coastal Candy');
      const byNameDesc = await get('/api/admin/vendors?sort=name&dir=desc');
      expect(names(byNameDesc.body)).toEqual([
        'Pacific Bottling',
        'Coastal Candy',
        'bay beverages',
        'Alpine Snacks',
        '100%_Juice',
      ]);
    });

    it('searches name, contact name and email, letter case aside, with wildcards taken literally', async () => {
      expect(names((await get('/api/admin/vendors?search=BAY')).body)).toEqual(['bay beverages']);
      expect(names((await get('/api/admin/vendors?search=zoe')).body)).toEqual(['Alpine Snacks']);
      expect(names((await get('/api/admin/vendors?search=coastal.test')).body)).toEqual(['Coastal Candy']);
      const pct = await get('/api/admin/vendors?search=%25_');
      expect(names(pct.body)).toEqual(['100%_Juice']);
      expect(pct.body.data.total).toBe(1);
      expect((await get('/api/admin/vendors?search=nothing-like-this')).body.data).toMatchObject({ items: [], total: 0 });
    });

    it('filters by status, with the total of the filter', async () => {
      const active = await get('/api/admin/vendors?status=active');
      expect(active.body.data.total).toBe(4);
      expect(names(active.body)).not.toContain('Coastal Candy');
      const inactive = await get('/api/admin/vendors?status=inactive&search=candy');
      expect(inactive.body.data).toMatchObject({ total: 1 });
      expect(names(inactive.body)).toEqual(['Coastal Candy']);
    });

    it('refuses an unknown sort, a limit over 100 and an unknown status with 400 in the envelope', async () => {
      const sort = await get('/api/admin/vendors?sort=email');
      expect(sort.status).toBe(400);
      expect(sort.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(sort.body.message).toContain('sort must be one of: name, productCount, createdAt, isActive');
      const limit = await get('/api/admin/vendors?limit=101');
      expect(limit.status).toBe(400);
      expect(limit.body.message).toContain('limit must be 100 or less');
      const status = await get('/api/admin/vendors?status=gone');
      expect(status.status).toBe(400);
      expect(status.body.message).toContain('status must be one of: active, inactive, all');
    });

    it("never shows another distributor's vendors, and answers 404 for one of them", async () => {
      const other = await get('/api/admin/vendors', otherAdmin);
      expect(names(other.body)).toEqual(['Other Vendor']);
      const res = await get('/api/admin/vendors/v-other');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Vendor not found', error: { code: 'NOT_FOUND' } });
      expect((await get('/api/admin/vendors/no-such-id')).status).toBe(404);
      expect((await get('/api/admin/vendors/vendor-1', otherAdmin)).status).toBe(404);
    });
  });

  describe('create and edit', () => {
    it('creates a vendor with trimmed fields, answers 201 and stores it', async () => {
      const res = await send('POST', '/api/admin/vendors', {
        name: '  Sierra Foods ',
        contactName: 'Ana Ruiz',
        email: 'ana@sierra.test',
        phone: '+1 (916) 555-0199',
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Vendor created');
      expect(res.body.data).toMatchObject({
        name: 'Sierra Foods',
        contactName: 'Ana Ruiz',
        email: 'ana@sierra.test',
        phone: '+1 (916) 555-0199',
        isActive: true,
        productCount: 0,
      });
      const row = await stored(res.body.data.id);
      expect(row).toMatchObject({ distributor_id: D, name: 'Sierra Foods', contact_name: 'Ana Ruiz', is_active: 1 });
      expect((await get(`/api/admin/vendors/${res.body.data.id}`)).body.data).toEqual(res.body.data);
    });

    it('stores empty optional fields as none', async () => {
      const res = await send('POST', '/api/admin/vendors', { name: 'Bare Vendor', contactName: '', email: ' ', phone: '' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ contactName: null, email: null, phone: null });
      expect(await stored(res.body.data.id)).toMatchObject({ contact_name: null, email: null, phone: null });
    });

    it('refuses a duplicate name of the same distributor, letter case aside, with 409', async () => {
      const res = await send('POST', '/api/admin/vendors', { name: 'alpine snacks' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        message: 'A vendor named alpine snacks already exists',
        error: { code: 'CONFLICT' },
      });
      // Another distributor may use the name.
      const other = await send('POST', '/api/admin/vendors', { name: 'Alpine Snacks' }, otherAdmin);
      expect(other.status).toBe(201);
    });

    it('keeps one vendor when the same new name is created at once, the others 409', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => send('POST', '/api/admin/vendors', { name: i % 2 ? 'Race Foods' : 'race foods' })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const rows = await ctx.db
        .selectFrom('vendors')
        .select('id')
        .where('distributor_id', '=', D)
        .where((eb) => eb.fn('lower', ['name']), '=', 'race foods')
        .execute();
      expect(rows).toHaveLength(1);
      // The database itself refuses a duplicate (migration 0005), whatever writes it.
      await expect(ctx.db.insertInto('vendors').values(vendor('v-race-2', 'RACE FOODS')).execute()).rejects.toThrow();
    });

    it('answers the validation messages', async () => {
      const cases: [object, string, string][] = [
        [{}, 'name', 'Vendor name is required'],
        [{ name: '   ' }, 'name', 'Vendor name is required'],
        [{ name: 'x'.repeat(121) }, 'name', 'Vendor name must be 120 characters or less'],
        [{ name: 'Ok', email: 'not-an-email' }, 'email', 'Enter a valid email address'],
        [{ name: 'Ok', phone: '12345' }, 'phone', 'Enter a valid phone number'],
        [{ name: 'Ok', phone: '555-0100 ext. 4' }, 'phone', 'Enter a valid phone number'],
        [{ name: 'Ok', phone: '1'.repeat(21) }, 'phone', 'Enter a valid phone number'],
      ];
      for (const [payload, field, message] of cases) {
        const res = await send('POST', '/api/admin/vendors', payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toBe(message);
      }
      expect(await ctx.db.selectFrom('vendors').select('id').where('name', '=', 'Ok').execute()).toEqual([]);
    });

    it('edits a vendor: replaces its fields, keeps its status, answers Vendor updated', async () => {
      const res = await send('PUT', '/api/admin/vendors/v-bay', { name: 'Bay Beverages Co', email: 'sales@bay.test' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Vendor updated');
      expect(res.body.data).toMatchObject({
        id: 'v-bay',
        name: 'Bay Beverages Co',
        contactName: null,
        email: 'sales@bay.test',
        isActive: true,
      });
      expect(await stored('v-bay')).toMatchObject({ name: 'Bay Beverages Co', contact_name: null, email: 'sales@bay.test' });
      // Its own name in another case is not a duplicate.
      expect((await send('PUT', '/api/admin/vendors/v-bay', { name: 'BAY BEVERAGES CO' })).status).toBe(200);
      const dup = await send('PUT', '/api/admin/vendors/v-bay', { name: 'Pacific bottling' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe('A vendor named Pacific bottling already exists');
      const other = await send('PUT', '/api/admin/vendors/v-other', { name: 'Taken Over' });
      expect(other.status).toBe(404);
      expect((await stored('v-other')).name).toBe('Other Vendor');
    });

    it('deactivates and reactivates, keeping its products', async () => {
      const off = await send('POST', '/api/admin/vendors/vendor-1/deactivate', {});
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({
        message: 'Vendor deactivated',
        data: { id: 'vendor-1', isActive: false, productCount: 4 },
      });
      expect((await stored('vendor-1')).is_active).toBe(0);
      const products = await ctx.db.selectFrom('products').select('id').where('vendor_id', '=', 'vendor-1').execute();
      expect(products).toHaveLength(4);
      const on = await send('POST', '/api/admin/vendors/vendor-1/reactivate', {});
      expect(on.body).toMatchObject({ message: 'Vendor reactivated', data: { isActive: true } });
      expect((await stored('vendor-1')).is_active).toBe(1);
      expect((await send('POST', '/api/admin/vendors/v-other/deactivate', {})).status).toBe(404);
      expect((await stored('v-other')).is_active).toBe(1);
    });
  });

  describe("the vendor's products", () => {
    it('lists them by item number with paging and the total, inactive ones included', async () => {
      const res = await get('/api/admin/vendors/vendor-1/products?limit=3');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 3 });
      expect(res.body.data.items).toHaveLength(3);
      const all = await get('/api/admin/vendors/vendor-1/products');
      const expected = await ctx.db
        .selectFrom('products')
        .select(['id', 'item_number', 'description', 'is_active'])
        .where('vendor_id', '=', 'vendor-1')
        .orderBy('item_number')
        .execute();
      expect(all.body.data.items).toEqual(
        expected.map((p) => ({ id: p.id, itemNumber: p.item_number, description: p.description, isActive: p.is_active === 1 })),
      );
      expect(all.body.data.items.find((p: { id: string }) => p.id === P.retired).isActive).toBe(false);
      expect((await get('/api/admin/vendors/v-other/products')).status).toBe(404);
    });
  });

  describe('the retailer catalogue', () => {
    const ids = async (payload: object) =>
      (
        await call(ctx.app, { method: 'POST', url: '/api/retailer/getInventory', payload, token: retailer })
      ).body.data.finalProductList
        .map((p: { id: string }) => p.id)
        .sort();

    it('filters by a renamed vendor at once, and keeps a deactivated vendor’s products', async () => {
      expect(await ids({ vendor: 'Pacific Bottling' })).toEqual([P.cola, P.energy, P.lime].sort());
      const renamed = await send('PUT', '/api/admin/vendors/vendor-1', { name: 'Pacific Beverage Co' });
      expect(renamed.status).toBe(200);
      expect(await ids({ vendor: 'Pacific Beverage Co' })).toEqual([P.cola, P.energy, P.lime].sort());
      expect(await ids({ vendor: 'Pacific Bottling' })).toEqual([]);
      expect((await send('POST', '/api/admin/vendors/vendor-1/deactivate', {})).status).toBe(200);
      expect(await ids({ vendor: 'Pacific Beverage Co' })).toEqual([P.cola, P.energy, P.lime].sort());
      await send('POST', '/api/admin/vendors/vendor-1/reactivate', {});
    });
  });

  describe('who may', () => {
    it('lets a view-only role read and refuses its writes with 403', async () => {
      expect((await get('/api/admin/vendors', viewOnly)).status).toBe(200);
      const res = await send('POST', '/api/admin/vendors', { name: 'Sneaky' }, viewOnly);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      expect((await send('POST', '/api/admin/vendors/v-alpine/deactivate', {}, viewOnly)).status).toBe(403);
      expect((await stored('v-alpine')).is_active).toBe(1);
    });

    it('refuses a distributor user whose role lacks Vendors, a retailer, a rep and no session', async () => {
      for (const token of [noVendors, retailer, sales]) {
        const res = await get('/api/admin/vendors', token);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
        expect((await send('POST', '/api/admin/vendors', { name: 'Nope' }, token)).status).toBe(403);
      }
      expect((await call(ctx.app, { method: 'GET', url: '/api/admin/vendors' })).status).toBe(401);
      expect(await ctx.db.selectFrom('vendors').select('id').where('name', '=', 'Nope').execute()).toEqual([]);
    });
  });
});
