// Migration 0024: down and up again on a database with notifications of the 0001 shape (one row per user).
// Each old row becomes a sent notification to its user with the read and delete marks kept; an order
// update becomes orderStatus with a link to the order, the rest messages; the retailer's list shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import * as m0024 from './0024-notifications.ts';

describe('migration 0024: notifications with per-recipient inbox rows', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('moves the old rows over with their read and delete marks', async () => {
    const dialect = ctx.config.database.kind;
    await m0024.down(ctx.db as never, dialect);
    const old = (id: string, data: object | string | null, isRead: number, isDeleted: number, at: string) => ({
      id,
      user_id: WORLD.users.retailer.id,
      title: `Title ${id}`,
      description: `Body ${id}`,
      data: typeof data === 'string' ? data : data ? JSON.stringify(data) : null,
      is_read: isRead,
      is_deleted: isDeleted,
      created_at: at,
    });
    await (ctx.db as never as { insertInto(t: string): { values(v: object[]): { execute(): Promise<unknown> } } })
      .insertInto('notifications')
      .values([
        old('n-order', { type: 'order', orderNumber: '100001', status: 'confirmed' }, 0, 0, '2026-01-03T00:00:00.000Z'),
        old('n-promo', { type: 'promotion' }, 1, 0, '2026-01-02T00:00:00.000Z'),
        old('n-gone', null, 0, 1, '2026-01-01T00:00:00.000Z'),
        old('n-bad-json', '{"type":"order", broken', 0, 0, '2025-12-31T00:00:00.000Z'),
      ])
      .execute();
    await m0024.up(ctx.db as never, dialect);

    const rows = await ctx.db.selectFrom('notifications').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.kind, r.url, r.status, r.distributor_id, r.sent_at])).toEqual([
      ['n-bad-json', 'message', null, 'sent', WORLD.distributorId, '2025-12-31T00:00:00.000Z'],
      ['n-gone', 'message', null, 'sent', WORLD.distributorId, '2026-01-01T00:00:00.000Z'],
      ['n-order', 'orderStatus', '/retailer/order/details/100001', 'sent', WORLD.distributorId, '2026-01-03T00:00:00.000Z'],
      ['n-promo', 'message', null, 'sent', WORLD.distributorId, '2026-01-02T00:00:00.000Z'],
    ]);
    const list = await call(ctx.app, {
      method: 'GET',
      url: '/api/retailer/notificationList',
      token: await tokenFor(ctx, WORLD.users.retailer.id),
    });
    expect(list.body.data.unreadCount).toBe(2);
    expect(list.body.data.notifications.map((n: { id: string; isRead: boolean }) => [n.id, n.isRead])).toEqual([
      ['n-order', false],
      ['n-promo', true],
      ['n-bad-json', false],
    ]);
    const audience = await ctx.db.selectFrom('notification_audience').select('audience_value').distinct().execute();
    expect(audience).toEqual([{ audience_value: WORLD.customers.c10001 }]);
  });
});
