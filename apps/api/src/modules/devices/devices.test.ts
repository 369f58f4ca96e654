// The rep's own signed-in devices: list, sign one out (its token stops working), scoped to the rep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

describe('sales devices (track-login-devices)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('lists the rep’s live sessions, the calling device first; signs one out', async () => {
    const laptop = await tokenFor(ctx, WORLD.users.sales.id, { name: 'Laptop Chrome', id: 'dev-laptop' });
    const phone = await tokenFor(ctx, WORLD.users.sales.id, { name: 'Phone Safari', id: 'dev-phone' });
    const otherRep = await tokenFor(ctx, WORLD.users.sales2.id, { name: 'Rep 2 tablet' });
    // an old, signed-out session is not a device
    const gone = await tokenFor(ctx, WORLD.users.sales.id, { name: 'Old', id: 'dev-old' });
    await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token: gone });

    const list = await call(ctx.app, { method: 'GET', url: '/api/sales/devices', token: phone });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.devices.map((d: { deviceName: string; isCurrent: boolean }) => [d.deviceName, d.isCurrent])).toEqual([
      ['Phone Safari', true],
      ['Laptop Chrome', false],
    ]);
    const laptopEntry = list.body.data.devices[1];
    expect(laptopEntry).toMatchObject({ deviceType: 'web', deviceId: 'dev-laptop', ip: '127.0.0.1', userAgent: 'vitest' });
    expect(typeof laptopEntry.signedInAt).toBe('string');

    // another rep cannot sign my laptop out: not found for them
    const foreign = await call(ctx.app, { method: 'DELETE', url: `/api/sales/devices/${laptopEntry.id}`, token: otherRep });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Device not found');
    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/profile', token: laptop })).status).toBe(200);

    const out = await call(ctx.app, { method: 'DELETE', url: `/api/sales/devices/${laptopEntry.id}`, token: phone });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Device signed out', data: { id: laptopEntry.id, isCurrent: false } });
    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/profile', token: laptop })).status).toBe(401);

    const again = await call(ctx.app, { method: 'DELETE', url: `/api/sales/devices/${laptopEntry.id}`, token: phone });
    expect(again.status).toBe(404);
    const after = await call(ctx.app, { method: 'GET', url: '/api/sales/devices', token: phone });
    expect(after.body.data.devices.map((d: { deviceName: string }) => d.deviceName)).toEqual(['Phone Safari']);
  });

  it('does not list a session ended by time: idle past the idle lifetime, or signed in past the absolute one', async () => {
    const rep = await tokenFor(ctx, WORLD.users.sales2.id, { name: 'Desk', id: 'dev-desk' });
    await tokenFor(ctx, WORLD.users.sales2.id, { name: 'Idle phone', id: 'dev-idle' });
    await tokenFor(ctx, WORLD.users.sales2.id, { name: 'Old tablet', id: 'dev-old-tablet' });
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60_000).toISOString();
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: days(31) })
      .where('device_id', '=', 'dev-idle')
      .execute();
    await ctx.db
      .updateTable('sessions')
      .set({ created_at: days(91) })
      .where('device_id', '=', 'dev-old-tablet')
      .execute();

    const list = await call(ctx.app, { method: 'GET', url: '/api/sales/devices', token: rep });
    // 'Rep 2 tablet' is the live session of the test above
    expect(list.body.data.devices.map((d: { deviceName: string }) => d.deviceName)).toEqual(['Desk', 'Rep 2 tablet']);
    const idle = await ctx.db.selectFrom('sessions').select('id').where('device_id', '=', 'dev-idle').executeTakeFirstOrThrow();
    const signOut = await call(ctx.app, { method: 'DELETE', url: `/api/sales/devices/${idle.id}`, token: rep });
    expect(signOut.status).toBe(404);
    expect(signOut.body.message).toBe('Device not found');
  });

  it('retailers cannot use the sales devices calls', async () => {
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    expect((await call(ctx.app, { method: 'GET', url: '/api/sales/devices', token: retailer })).status).toBe(403);
  });
});
