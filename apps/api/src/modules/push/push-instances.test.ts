// Two API instances on one PostgreSQL and Redis share the push queue: every job is sent exactly once
// whichever worker claims it, and a push queued through one instance is sent by the other's worker,
// woken through Redis at once (not by its 15 s poll). PostgreSQL only: SQLite is one instance.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type Db } from '../../db/database.ts';
import { WORLD, createBaseWorld } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, usePostgres, type TestContext } from '../../../test/helper.ts';
import { fakeBrowserSubscription, startFakePushService } from './push-fixtures.ts';
import { pushWorkerOf } from './push.routes.ts';
import { queuePush } from './push.service.ts';

describe.runIf(usePostgres)('push across two instances (PostgreSQL, Redis)', () => {
  let ctx: TestContext;
  let secondDb: Db;
  let second: FastifyInstance;
  let service: Awaited<ReturnType<typeof startFakePushService>>;
  const browsers = new Map<string, ReturnType<typeof fakeBrowserSubscription>>();

  const waitFor = async (check: () => Promise<boolean>, ms = 8000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out');
  };
  const openJobs = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('push_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['queued', 'sending'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    const redisKeyPrefix = `test-push-${Date.now().toString(36)}:`;
    ctx = await createTestContext({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix });
    await createBaseWorld(ctx.db);
    secondDb = createDb(ctx.config.database);
    second = await buildApp({ config: ctx.config, db: secondDb });
    await second.ready();
    service = await startFakePushService();
    for (const user of [WORLD.users.retailer.id, WORLD.users.retailer2.id]) {
      const token = await tokenFor(ctx, user);
      for (let i = 0; i < 10; i++) {
        const b = fakeBrowserSubscription(`${service.base}/push/${user}/${i}`);
        browsers.set(`/push/${user}/${i}`, b);
        // half through each instance
        const res = await call(i % 2 ? second : ctx.app, {
          method: 'PUT',
          url: '/api/retailer/fcmToken',
          token,
          payload: { fcmToken: JSON.stringify(b.json) },
        });
        expect(res.status).toBe(200);
      }
    }
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.destroy();
    await ctx?.close();
    await service?.close();
  });

  it('sends each of 200 jobs exactly once while both workers claim from the queue', async () => {
    const deliveries = Array.from({ length: 10 }, (_, i) =>
      [WORLD.users.retailer.id, WORLD.users.retailer2.id].map((userId) => ({
        userId,
        kind: 'message' as const,
        notificationId: `n-${i}`,
        payload: { title: `Notice ${i}`, body: 'Both instances' },
      })),
    ).flat();
    // Half queued through each instance, at once.
    await Promise.all([
      queuePush(ctx.db, deliveries.slice(0, 10)),
      queuePush(secondDb, deliveries.slice(10)),
      Promise.resolve().then(() => pushWorkerOf(second)!.kick()),
    ]);
    await waitFor(async () => (await openJobs()) === 0, 25_000);
    const seen = service.received.map((r) => {
      const p = browsers.get(r.path)!.decrypt(r.body) as { notificationId: string };
      return `${r.path} ${p.notificationId}`;
    });
    expect(seen).toHaveLength(200);
    expect(new Set(seen).size).toBe(200);
    const statuses = await ctx.db.selectFrom('push_jobs').select('status').execute();
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);
  });

  it('a push queued through one instance is sent by the other, woken through Redis', async () => {
    service.received.length = 0;
    await ctx.db.deleteFrom('push_jobs').execute();
    // The first instance's worker is stopped: only the second can send.
    await pushWorkerOf(ctx.app)!.stop();
    const started = Date.now();
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: 'n-r', payload: { title: 'Via Redis' } },
    ]);
    // Before the second worker's 15 s poll: the wake-up came through Redis.
    const viaRedis = () =>
      service.received.filter(
        (r) => (browsers.get(r.path)!.decrypt(r.body) as { notificationId: string }).notificationId === 'n-r',
      );
    await waitFor(async () => viaRedis().length === 10 && (await openJobs()) === 0, 12_000);
    expect(Date.now() - started).toBeLessThan(12_000);
  });
});
