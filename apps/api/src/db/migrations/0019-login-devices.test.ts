// Migration 0019: down and up again on a database with sessions. Up counts the devices of the sessions
// already there as seen (their users signing in from them again are not marked new), keyed as
// deviceKey() keys them, and marks no existing session new.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import * as m0019 from './0019-login-devices.ts';

describe('migration 0019: login devices', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('remembers the devices of existing sessions, so signing in from them again is not new', async () => {
    await tokenFor(ctx, WORLD.users.retailer.id, { name: 'Counter PC', id: 'known-device' });
    await tokenFor(ctx, WORLD.users.retailer.id, { name: 'Counter PC', id: 'known-device' });
    await ctx.db
      .insertInto('sessions')
      .values({
        id: 'session-without-device-id',
        user_id: WORLD.users.sales.id,
        device_type: 'app',
        device_name: 'Rep tablet',
        device_id: null,
        ip: '127.0.0.1',
        user_agent: 'RepApp/2.1',
        current_customer_id: null,
        created_at: '2026-01-01T00:00:00.000Z',
        last_seen_at: '2026-01-01T00:00:00.000Z',
        revoked_at: null,
      })
      .execute();
    const dialect = ctx.config.database.kind;
    await m0019.down(ctx.db as never, dialect);
    await m0019.up(ctx.db as never, dialect);

    const devices = await ctx.db.selectFrom('user_devices').select(['user_id', 'device_key']).orderBy('device_key').execute();
    expect(devices).toEqual([
      { user_id: WORLD.users.retailer.id, device_key: 'id:known-device' },
      { user_id: WORLD.users.sales.id, device_key: 'ua:Rep tablet|RepApp/2.1' },
    ]);
    const flags = await ctx.db.selectFrom('sessions').select('is_new_device').execute();
    expect(flags.every((f) => f.is_new_device === 0)).toBe(true);

    const signIn = (deviceId: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: 'retailer@demo.test', password: 'Demo@12345' },
        headers: { 'x-device-id': deviceId, 'x-device-name': 'Counter PC' },
      });
    for (const [deviceId, isNew] of [
      ['known-device', 0],
      ['unknown-device', 1],
    ] as const) {
      const res = await signIn(deviceId);
      expect(res.status).toBe(200);
      const row = await ctx.db
        .selectFrom('sessions')
        .select('is_new_device')
        .where('device_id', '=', deviceId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect([deviceId, row.is_new_device]).toEqual([deviceId, isNew]);
    }
  });
});
