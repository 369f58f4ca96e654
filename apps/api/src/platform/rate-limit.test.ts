// Counter stores: the same behaviour in memory and in Redis (the local one, under a unique key
// prefix removed afterwards), and sign-in limits shared by two API instances through Redis.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createBaseWorld, DEMO_PASSWORD } from '../db/seed/base-world.ts';
import { call, createTestContext, type TestContext } from '../../test/helper.ts';
import { advanceClock, now } from './clock.ts';
import { createMemoryStore, createRedisStore, type CounterStore } from './rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}:`;
let redis: Redis;

async function removeTestKeys(): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.ping();
});
afterAll(async () => {
  await removeTestKeys();
  await redis.quit();
});

const stores: Array<[string, () => CounterStore]> = [
  ['memory', () => createMemoryStore()],
  ['redis', () => createRedisStore(redis, prefix)],
];

describe.each(stores)('%s counter store', (_name, make) => {
  it('counts hits in a window that starts at the first hit and ends on the clock', async () => {
    const store = make();
    const key = `k-${Math.random()}`;
    const start = now().getTime();
    const first = await store.hit(key, 30_000);
    expect(first.count).toBe(1);
    expect(first.resetAt - start).toBeGreaterThanOrEqual(30_000);
    expect(first.resetAt - start).toBeLessThan(31_000);
    expect((await store.hit(key, 30_000)).count).toBe(2);
    expect(await store.peek(key)).toEqual({ count: 2, resetAt: first.resetAt });

    advanceClock(30_000);
    expect(await store.peek(key)).toBeNull();
    const next = await store.hit(key, 30_000);
    expect(next.count).toBe(1);
    expect(next.resetAt).toBeGreaterThan(first.resetAt);
  });

  it('counts a burst atomically: 200 concurrent hits get the counts 1 to 200, so exactly 10 are within a limit of 10', async () => {
    const store = make();
    const key = `burst-${Math.random()}`;
    const hits = await Promise.all(Array.from({ length: 200 }, () => store.hit(key, 60_000)));
    const counts = hits.map((h) => h.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(hits.filter((h) => h.count <= 10)).toHaveLength(10);
    expect(new Set(hits.map((h) => h.resetAt)).size).toBe(1);
  });

  it('keeps keys apart and resets one', async () => {
    const store = make();
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    await store.hit('b', 60_000);
    await store.reset('a');
    expect(await store.peek('a')).toBeNull();
    expect((await store.peek('b'))?.count).toBe(1);
    await store.reset('b');
  });
});

it('redis keys carry the prefix and expire', async () => {
  const store = createRedisStore(redis, prefix);
  await store.hit('ttl-check', 45_000);
  const ttl = await redis.pttl(`${prefix}rl:ttl-check`);
  expect(ttl).toBeGreaterThan(40_000);
  expect(ttl).toBeLessThanOrEqual(45_000);
});

describe('sign-in limits through Redis, shared by two API instances', () => {
  let ctx: TestContext;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    ctx = await createTestContext({ redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    await createBaseWorld(ctx.db);
    second = await buildApp({ config: ctx.config, db: ctx.db });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('100 concurrent wrong passwords over two instances: at most 10 are checked, the rest are 429', async () => {
    advanceClock(16 * 60_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(i % 2 ? second : ctx.app, {
          method: 'POST',
          url: '/api/auth/loginWithPassword',
          payload: { email_phone: i % 3 ? 'retailer@demo.test' : '+1 555 010 0002', password: `Wrong-${i}` },
          headers: { 'x-forwarded-for': `10.77.${i}.1` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    const right = await call(second, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: 'retailer@demo.test', password: DEMO_PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('failures counted on one instance lock the account on the other', async () => {
    advanceClock(16 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(ctx.app, {
            method: 'POST',
            url: '/api/auth/loginWithPassword',
            payload: { email_phone: 'admin@demo.test', password: 'bad' },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call(second, {
            method: 'POST',
            url: '/api/auth/loginWithPassword',
            payload: { email_phone: 'admin@demo.test', password: 'bad' },
          })
        ).status,
      ).toBe(401);
    }
    const locked = await call(second, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed attempts. Please try again in 15 minutes or sign in with a one-time code.');
    // One counter for the account (its user id), the refused attempt counted too.
    expect(await redis.hget(`${prefix}rl:auth-pw:user:user-admin`, 'c')).toBe('11');

    advanceClock(15 * 60_000);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/auth/loginWithPassword',
          payload: { email_phone: 'admin@demo.test', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it('the resend throttle is shared too', async () => {
    advanceClock(16 * 60_000);
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email_phone: 'sales@demo.test' } })).status,
    ).toBe(200);
    const again = await call(second, { method: 'POST', url: '/api/auth/resendOtp', payload: { email_phone: 'sales@demo.test' } });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('Please wait 30 seconds before requesting another OTP.');
  });

  it('a Redis that cannot be reached lets sign-in through instead of failing it', async () => {
    const offline = await createTestContext({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: prefix });
    try {
      await createBaseWorld(offline.db);
      const res = await call(offline.app, {
        method: 'POST',
        url: '/api/auth/loginWithPassword',
        payload: { email_phone: 'admin@demo.test', password: DEMO_PASSWORD },
      });
      expect(res.status).toBe(200);
    } finally {
      await offline.close();
    }
  });
});
