import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';

describe('GET /api/retailer/accountReceivable', () => {
  let ctx: TestContext;
  let token: string;
  const get = (q = '', t = token) => call(ctx.app, { method: 'GET', url: `/api/retailer/accountReceivable${q}`, token: t });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  it('without entries: the balance carried over is the opening balance', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ balance: 1250.5, openingBalance: 1250.5, entries: [], total: 0, page: 1, limit: 20 });
  });

  it('orders are invoiced on placement; payments lower the balance; running balances per entry, across pages', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId: P.cola, quantity: 6 }, token }); // 6 × 9.50 = 57.00 + 4.70 tax + 0.60 CRV = 62.30
    const first = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(first.body.data.total).toBe(62.3);
    await ctx.db
      .insertInto('receivable_entries')
      .values({
        id: 'pay-1',
        customer_id: WORLD.customers.c10001,
        kind: 'payment',
        order_id: null,
        reference: 'CHK-501',
        amount_cents: -100_000,
        note: 'Check',
        created_at: new Date(Date.now() + 1000).toISOString(),
      })
      .execute();
    await ctx.db
      .updateTable('customers')
      .set({ balance_cents: 125_050 + 6230 - 100_000 })
      .where('id', '=', WORLD.customers.c10001)
      .execute();

    const res = await get();
    expect(res.body.data).toMatchObject({ balance: 312.8, openingBalance: 1250.5, total: 2 });
    expect(
      res.body.data.entries.map(
        (e: { kind: string; reference: string; orderNumber: string | null; amount: number; runningBalance: number }) => [
          e.kind,
          e.reference,
          e.orderNumber,
          e.amount,
          e.runningBalance,
        ],
      ),
    ).toEqual([
      ['payment', 'CHK-501', null, -1000, 312.8],
      ['invoice', first.body.data.orderNumber, first.body.data.orderNumber, 62.3, 1312.8],
    ]);
    const page2 = await get('?page=2&limit=1');
    expect(page2.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page2.body.data.entries).toHaveLength(1);
    expect(page2.body.data.entries[0]).toMatchObject({ kind: 'invoice', runningBalance: 1312.8 });
    expect((await get('?page=3&limit=1')).body.data.entries).toEqual([]);
    expect((await get('?limit=101')).status).toBe(400);
  });

  it('sorts by amount, type or reference; each entry keeps its own running balance; bad sort is 400', async () => {
    type E = { kind: string; amount: number; runningBalance: number };
    const rows = async (q: string) => {
      const res = await get(q);
      expect(res.status).toBe(200);
      return res.body.data.entries.map((e: E) => [e.kind, e.amount, e.runningBalance]);
    };
    const invoice = ['invoice', 62.3, 1312.8];
    const payment = ['payment', -1000, 312.8];
    expect(await rows('')).toEqual([payment, invoice]);
    expect(await rows('?sort=date&dir=asc')).toEqual([invoice, payment]);
    expect(await rows('?sort=amount')).toEqual([invoice, payment]); // amounts start largest first
    expect(await rows('?sort=amount&dir=asc')).toEqual([payment, invoice]);
    expect(await rows('?sort=kind')).toEqual([invoice, payment]);
    expect(await rows('?sort=kind&dir=desc')).toEqual([payment, invoice]);
    expect(await rows('?sort=amount&dir=asc&limit=1&page=2')).toEqual([invoice]);
    const bad = await get('?sort=balance');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false });
    expect(bad.body.message).toContain('sort must be one of: date, kind, reference, amount');
    expect((await get('?sort=amount&dir=DESC')).status).toBe(400);
  });

  it('another store sees only its own account', async () => {
    const other = await tokenFor(ctx, WORLD.users.retailer2.id);
    expect((await get('', other)).body.data).toEqual({
      balance: 480,
      openingBalance: 480,
      entries: [],
      total: 0,
      page: 1,
      limit: 20,
    });
  });
});
