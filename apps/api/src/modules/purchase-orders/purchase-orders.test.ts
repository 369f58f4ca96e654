// Purchase orders and high demand over HTTP, on SQLite and PostgreSQL: the figures of a hand-computed
// fixture (velocity over the 28-day window, days of cover, suggested units; cancelled and older orders
// left out, incoming units of issued purchase orders counted), drafts, issue, the PDF, a partial and a
// full receipt raising stock on hand, an over-receipt refused, list paging/sorting/filters, another
// distributor's purchase order, the permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';

const D = WORLD.distributorId;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

describe('purchase orders and high demand', () => {
  let ctx: TestContext;
  let admin: string;
  let highDemandOnly: string;
  let viewOnly: string;
  let otherAdmin: string;
  let retailer: string;
  let seq = 0;

  async function order(at: string, status: 'placed' | 'delivered' | 'cancelled', lines: [string, number][]) {
    const id = `po-test-o-${++seq}`;
    await ctx.db
      .insertInto('orders')
      .values({
        id,
        order_number: String(800000 + seq),
        distributor_id: D,
        customer_id: WORLD.customers.c10001,
        placed_by_user_id: WORLD.users.retailer.id,
        placed_by_role: 'retailer',
        status,
        notes: null,
        po_number: null,
        requested_delivery_date: null,
        subtotal_cents: 0,
        tax_cents: 0,
        crv_cents: 0,
        delivery_charge_cents: 0,
        total_cents: 0,
        item_count: lines.length,
        is_web_order: 1,
        idempotency_key: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    let n = 0;
    for (const [productId, quantity] of lines)
      await ctx.db
        .insertInto('order_lines')
        .values({
          id: `${id}-${++n}`,
          order_id: id,
          line_no: n,
          product_id: productId,
          item_number: productId,
          description: productId,
          upc: null,
          pack: 1,
          uom: 'EA',
          quantity,
          unit_price_cents: 100,
          tax_rate_bp: 0,
          tax_cents: 0,
          crv_cents: 0,
          line_total_cents: 100 * quantity,
        })
        .execute();
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await ctx.db
      .insertInto('vendors')
      .values([
        {
          id: 'v-harbor',
          distributor_id: D,
          name: 'Harbor Foods',
          contact_name: 'Ana Ruiz',
          email: 'po@harbor.test',
          phone: null,
          is_active: 1,
          created_at: daysAgo(100),
        },
        {
          id: 'v-orchard',
          distributor_id: D,
          name: 'Orchard Supply',
          contact_name: null,
          email: null,
          phone: null,
          is_active: 1,
          created_at: daysAgo(100),
        },
      ])
      .execute();
    const product = (id: string, item: string, vendor: string, stock: number) =>
      insertProduct(ctx.db, { id, item_number: item, description: `Product ${item}`, vendor_id: vendor, stock_on_hand: stock });
    await product('po-a', 'PO-A', 'v-harbor', 10);
    await product('po-b', 'PO-B', 'v-harbor', 20);
    await product('po-c', 'PO-C', 'v-harbor', -3);
    await product('po-d', 'PO-D', 'v-harbor', 0);
    await product('po-e', 'PO-E', 'v-harbor', 5);
    await product('po-f', 'PO-F', 'v-orchard', 1);
    // In the 28-day window: A 30 + 26 = 56 (2 a day), B 28, C 7, E 14, F 10.
    await order(daysAgo(1), 'placed', [
      ['po-a', 30],
      ['po-b', 28],
      ['po-c', 7],
    ]);
    await order(daysAgo(20), 'delivered', [
      ['po-a', 26],
      ['po-e', 14],
      ['po-f', 10],
    ]);
    // Left out: a cancelled order in the window and a delivered one before it.
    await order(daysAgo(2), 'cancelled', [
      ['po-b', 100],
      ['po-d', 50],
    ]);
    await order(daysAgo(40), 'delivered', [
      ['po-b', 500],
      ['po-d', 500],
    ]);

    await addDistributor(ctx.db, 'dist-2');
    await addDistributorUser(ctx.db, 'user-hd-only', { 'High Demand': { view: true } });
    await addDistributorUser(ctx.db, 'user-po-view', { 'Purchase Orders': { view: true }, 'High Demand': { view: true } });
    await addDistributorUser(ctx.db, 'user-po-other', { 'Purchase Orders': ALL, 'High Demand': ALL }, 'dist-2');
    [admin, highDemandOnly, viewOnly, otherAdmin, retailer] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-hd-only'),
      tokenFor(ctx, 'user-po-view'),
      tokenFor(ctx, 'user-po-other'),
      tokenFor(ctx, WORLD.users.retailer.id),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    call(ctx.app, { method, url, payload, token });
  const stock = async (id: string) =>
    Number(
      (await ctx.db.selectFrom('products').select('stock_on_hand').where('id', '=', id).executeTakeFirstOrThrow()).stock_on_hand,
    );
  const items = (body: any) => body.data.items.map((r: { itemNumber: string }) => r.itemNumber);

  let poId = '';
  let lineA = '';
  let lineE = '';

  it('lists high demand by days of cover with the hand-computed figures', async () => {
    const res = await get('/api/admin/high-demand');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total: 4,
      page: 1,
      limit: 25,
      settings: { velocityWindowDays: 28, coverThresholdDays: 14, targetCoverDays: 28 },
    });
    expect(res.body.data.items).toEqual([
      // −3 on hand (a backorder) counts as none: 0 days; 7 to reach 28 days of 0.25 a day.
      {
        productId: 'po-c',
        itemNumber: 'PO-C',
        description: 'Product PO-C',
        vendorId: 'v-harbor',
        vendorName: 'Harbor Foods',
        stockOnHand: -3,
        incoming: 0,
        unitsSold: 7,
        velocityPerDay: 0.25,
        daysOfCover: 0,
        suggestedQuantity: 7,
      },
      // 1 unit at 10/28 a day = 2.8 days; 10 − 1 = 9.
      {
        productId: 'po-f',
        itemNumber: 'PO-F',
        description: 'Product PO-F',
        vendorId: 'v-orchard',
        vendorName: 'Orchard Supply',
        stockOnHand: 1,
        incoming: 0,
        unitsSold: 10,
        velocityPerDay: 0.36,
        daysOfCover: 2.8,
        suggestedQuantity: 9,
      },
      // 10 units at 2 a day = 5 days; 56 − 10 = 46.
      {
        productId: 'po-a',
        itemNumber: 'PO-A',
        description: 'Product PO-A',
        vendorId: 'v-harbor',
        vendorName: 'Harbor Foods',
        stockOnHand: 10,
        incoming: 0,
        unitsSold: 56,
        velocityPerDay: 2,
        daysOfCover: 5,
        suggestedQuantity: 46,
      },
      // 5 units at 0.5 a day = 10 days; 14 − 5 = 9.
      {
        productId: 'po-e',
        itemNumber: 'PO-E',
        description: 'Product PO-E',
        vendorId: 'v-harbor',
        vendorName: 'Harbor Foods',
        stockOnHand: 5,
        incoming: 0,
        unitsSold: 14,
        velocityPerDay: 0.5,
        daysOfCover: 10,
        suggestedQuantity: 9,
      },
    ]);
  });

  it('pages, sorts and filters the high-demand list', async () => {
    const page2 = await get('/api/admin/high-demand?page=2&limit=3');
    expect(page2.body.data).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(items(page2.body)).toEqual(['PO-E']);
    expect(items((await get('/api/admin/high-demand?sort=velocity&dir=desc')).body)).toEqual(['PO-A', 'PO-E', 'PO-F', 'PO-C']);
    expect(items((await get('/api/admin/high-demand?sort=suggested&dir=desc')).body)).toEqual(['PO-A', 'PO-E', 'PO-F', 'PO-C']);
    expect(items((await get('/api/admin/high-demand?sort=itemNumber')).body)).toEqual(['PO-A', 'PO-C', 'PO-E', 'PO-F']);
    expect(items((await get('/api/admin/high-demand?vendorId=v-orchard')).body)).toEqual(['PO-F']);
    expect(items((await get('/api/admin/high-demand?search=po-e')).body)).toEqual(['PO-E']);
    const bad = await get('/api/admin/high-demand?sort=price');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('sort must be one of: daysOfCover, velocity, stockOnHand, suggested, itemNumber, vendor');
  });

  it('suggests a purchase order per vendor', async () => {
    const res = await get('/api/admin/purchase-orders/suggestions');
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([
      { vendorId: 'v-harbor', vendorName: 'Harbor Foods', productCount: 3, units: 62 },
      { vendorId: 'v-orchard', vendorName: 'Orchard Supply', productCount: 1, units: 9 },
    ]);
    const harbor = await get('/api/admin/purchase-orders/suggestions/v-harbor');
    expect(harbor.body.data.lines.map((l: any) => [l.itemNumber, l.suggestedQuantity])).toEqual([
      ['PO-A', 46],
      ['PO-C', 7],
      ['PO-E', 9],
    ]);
    expect((await get('/api/admin/purchase-orders/suggestions/v-nope')).status).toBe(404);
  });

  it("offers the active vendors and a vendor's active products", async () => {
    const none = await get('/api/admin/purchase-orders/choices');
    expect(none.body.data.vendors.map((v: { name: string }) => v.name)).toEqual([
      'Harbor Foods',
      'Orchard Supply',
      'Pacific Bottling',
    ]);
    expect(none.body.data.products).toEqual([]);
    const harbor = await get('/api/admin/purchase-orders/choices?vendorId=v-orchard');
    expect(harbor.body.data.products).toEqual([{ id: 'po-f', itemNumber: 'PO-F', description: 'Product PO-F', stockOnHand: 1 }]);
  });

  it('creates and edits a draft, refusing a product of another vendor', async () => {
    const wrong = await send('POST', '/api/admin/purchase-orders', {
      vendorId: 'v-harbor',
      lines: [{ productId: 'po-f', quantity: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Item PO-F is not supplied by this vendor');
    const zero = await send('POST', '/api/admin/purchase-orders', {
      vendorId: 'v-harbor',
      lines: [{ productId: 'po-a', quantity: 0 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Quantity must be a whole number from 1');

    const created = await send('POST', '/api/admin/purchase-orders', {
      vendorId: 'v-harbor',
      notes: 'Deliver to dock 2',
      lines: [
        { productId: 'po-a', quantity: 46, unitCostCents: 250 },
        { productId: 'po-e', quantity: 10, unitCostCents: 100 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Purchase order created');
    expect(created.body.data).toMatchObject({
      poNumber: 'PO-000001',
      status: 'draft',
      totalCents: 12500,
      unitsOrdered: 56,
      lineCount: 2,
    });
    poId = created.body.data.id;

    const edited = await send('PUT', `/api/admin/purchase-orders/${poId}`, {
      vendorId: 'v-harbor',
      expectedDate: '2026-12-15',
      lines: [
        { productId: 'po-a', quantity: 40, unitCostCents: 250 },
        { productId: 'po-e', quantity: 10, unitCostCents: 100 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ totalCents: 11000, unitsOrdered: 50, expectedDate: '2026-12-15', notes: null });
    [lineA, lineE] = edited.body.data.lines.map((l: { id: string }) => l.id);
  });

  it('issues the draft, after which it cannot be edited or deleted, and prints its PDF', async () => {
    const issued = await send('POST', `/api/admin/purchase-orders/${poId}/issue`);
    expect(issued.status).toBe(200);
    expect(issued.body.message).toBe('Purchase order issued');
    expect(issued.body.data.status).toBe('issued');
    expect(issued.body.data.issuedAt).toEqual(expect.any(String));
    const edit = await send('PUT', `/api/admin/purchase-orders/${poId}`, {
      vendorId: 'v-harbor',
      lines: [{ productId: 'po-a', quantity: 1 }],
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Only a draft purchase order can be changed');
    const del = await send('DELETE', `/api/admin/purchase-orders/${poId}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Only a draft purchase order can be deleted');
    const pdf = await get(`/api/admin/purchase-orders/${poId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('counts units on issued purchase orders as incoming', async () => {
    const res = await get('/api/admin/high-demand');
    // A: 10 + 40 = 50 units = 25 days; E: 5 + 10 = 15 = 30 days: both covered now.
    expect(items(res.body)).toEqual(['PO-C', 'PO-F']);
  });

  it('receives part, refuses more than is left, then receives the rest, raising stock each time', async () => {
    const part = await send('POST', `/api/admin/purchase-orders/${poId}/receive`, { lines: [{ lineId: lineA, quantity: 25 }] });
    expect(part.status).toBe(200);
    expect(part.body.message).toBe('Receipt recorded');
    expect(part.body.data.status).toBe('partially_received');
    expect(part.body.data.lines.map((l: any) => [l.itemNumber, l.quantityOrdered, l.quantityReceived])).toEqual([
      ['PO-A', 40, 25],
      ['PO-E', 10, 0],
    ]);
    expect(await stock('po-a')).toBe(35);

    const over = await send('POST', `/api/admin/purchase-orders/${poId}/receive`, {
      lines: [
        { lineId: lineE, quantity: 10 },
        { lineId: lineA, quantity: 20 },
      ],
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      success: false,
      message: 'Item PO-A: 20 received but only 15 still to receive',
      error: { code: 'OVER_RECEIPT' },
    });
    expect(await stock('po-a')).toBe(35);
    expect(await stock('po-e')).toBe(5);

    const nothing = await send('POST', `/api/admin/purchase-orders/${poId}/receive`, { lines: [{ lineId: lineA, quantity: 0 }] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Enter a quantity received for at least one line');

    const rest = await send('POST', `/api/admin/purchase-orders/${poId}/receive`, {
      lines: [
        { lineId: lineA, quantity: 15 },
        { lineId: lineE, quantity: 10 },
      ],
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: 'received', unitsReceived: 50 });
    expect(rest.body.data.receivedAt).toEqual(expect.any(String));
    expect(rest.body.data.receipts).toHaveLength(2);
    expect(await stock('po-a')).toBe(50);
    expect(await stock('po-e')).toBe(15);

    const again = await send('POST', `/api/admin/purchase-orders/${poId}/receive`, { lines: [{ lineId: lineA, quantity: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an issued purchase order can be received');
  });

  it('lists purchase orders with paging, sorting and filters', async () => {
    const second = await send('POST', '/api/admin/purchase-orders', {
      vendorId: 'v-orchard',
      lines: [{ productId: 'po-f', quantity: 9 }],
    });
    expect(second.body.data.poNumber).toBe('PO-000002');
    const all = await get('/api/admin/purchase-orders');
    expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 25 });
    expect(all.body.data.items.map((p: any) => p.poNumber)).toEqual(['PO-000002', 'PO-000001']);
    expect(all.body.data.items[1]).toMatchObject({
      vendorName: 'Harbor Foods',
      status: 'received',
      lineCount: 2,
      unitsOrdered: 50,
      unitsReceived: 50,
      totalCents: 11000,
    });
    const drafts = await get('/api/admin/purchase-orders?status=draft');
    expect(drafts.body.data.items.map((p: any) => p.poNumber)).toEqual(['PO-000002']);
    const search = await get('/api/admin/purchase-orders?search=harbor');
    expect(search.body.data.items.map((p: any) => p.poNumber)).toEqual(['PO-000001']);
    const byVendor = await get('/api/admin/purchase-orders?sort=vendor&dir=desc&limit=1');
    expect(byVendor.body.data).toMatchObject({ total: 2 });
    expect(byVendor.body.data.items.map((p: any) => p.vendorName)).toEqual(['Orchard Supply']);
    const deleted = await send('DELETE', `/api/admin/purchase-orders/${second.body.data.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Purchase order deleted');
    expect((await get('/api/admin/purchase-orders')).body.data.total).toBe(1);
  });

  it('cancels an issued purchase order with nothing received', async () => {
    const po = await send('POST', '/api/admin/purchase-orders', {
      vendorId: 'v-orchard',
      lines: [{ productId: 'po-f', quantity: 9 }],
    });
    await send('POST', `/api/admin/purchase-orders/${po.body.data.id}/issue`);
    const cancelled = await send('POST', `/api/admin/purchase-orders/${po.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await send('POST', `/api/admin/purchase-orders/${poId}/cancel`)).status).toBe(409);
  });

  it('keeps the settings, validated, and applies them', async () => {
    const bad = await send('PUT', '/api/admin/purchase-orders/settings', {
      velocityWindowDays: 28,
      coverThresholdDays: 30,
      targetCoverDays: 20,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Target cover must be at least the cover threshold');
    const saved = await send('PUT', '/api/admin/purchase-orders/settings', {
      velocityWindowDays: 28,
      coverThresholdDays: 3,
      targetCoverDays: 7,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Purchasing settings saved');
    // Threshold 3 days: C (0) and F (2.8) stay.
    expect(items((await get('/api/admin/high-demand')).body)).toEqual(['PO-C', 'PO-F']);
    expect((await get('/api/admin/purchase-orders/settings')).body.data).toEqual({
      velocityWindowDays: 28,
      coverThresholdDays: 3,
      targetCoverDays: 7,
    });
  });

  it("hides another distributor's purchase orders and enforces the modules", async () => {
    expect((await get(`/api/admin/purchase-orders/${poId}`, otherAdmin)).status).toBe(404);
    expect((await get('/api/admin/purchase-orders', otherAdmin)).body.data.total).toBe(0);
    expect((await get('/api/admin/high-demand', otherAdmin)).body.data.total).toBe(0);
    expect((await get('/api/admin/high-demand', highDemandOnly)).status).toBe(200);
    expect((await get('/api/admin/purchase-orders', highDemandOnly)).status).toBe(403);
    expect((await get('/api/admin/purchase-orders', viewOnly)).status).toBe(200);
    expect((await get(`/api/admin/purchase-orders/${poId}/pdf`, viewOnly)).status).toBe(403);
    expect(
      (await send('POST', `/api/admin/purchase-orders/${poId}/receive`, { lines: [{ lineId: lineA, quantity: 1 }] }, viewOnly))
        .status,
    ).toBe(403);
    expect((await get('/api/admin/high-demand', retailer)).status).toBe(403);
  });
});
