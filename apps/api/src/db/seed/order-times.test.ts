// Order numbers follow order times at any hour of the day: the generated business days run from 14:00
// to 01:00 UTC, past midnight, and the orders that must exist (minutes or hours old) land in between.
// 20,000 orders: about ten an hour, so the evening's orders surely cross midnight; at 01:30 and 03:30
// the orders 50 and 190 minutes old fall just after midnight.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, usePostgres, type TestContext } from '../../../test/helper.ts';
import { seedDataset } from './seed-dataset.ts';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe.skipIf(usePostgres)('generated orders, whatever the time of day', () => {
  it.each(['01:30', '03:30', '20:00'])('numbers them in time order, none after now, at %s UTC', async (time) => {
    ctx = await createTestContext();
    const now = new Date(`2026-11-26T${time}:00.000Z`);
    await seedDataset(ctx.db, { products: 60, customers: 8, orders: 20_000 }, { now });
    const orders = await ctx.db.selectFrom('orders').select(['order_number', 'created_at']).execute();
    expect(orders.length).toBe(20_000);
    const byNumber = orders.sort((a, b) => Number(a.order_number) - Number(b.order_number));
    for (let i = 1; i < byNumber.length; i++) expect(byNumber[i]!.created_at >= byNumber[i - 1]!.created_at).toBe(true);
    expect(byNumber.at(-1)!.created_at <= now.toISOString()).toBe(true);
  });
});
