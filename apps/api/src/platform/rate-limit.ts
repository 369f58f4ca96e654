// Windowed counters for rate limits: in memory for one instance, in Redis when REDIS_URL is set
// so that every instance shares them. Time comes from platform/clock so tests can move it;
// that is why this is not @fastify/rate-limit, which also cannot count failures only.
// A limit is checked by counting first (`hit`, atomic in both stores) and comparing the count after:
// N concurrent calls get N different counts, so at most `max` of them are ever let through.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { now } from './clock.ts';
import { getRedis, redisKeyPrefix } from './redis.ts';

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Epoch ms when the window ends. */
  resetAt: number;
}

export interface CounterStore {
  /** Counts one hit, atomically; a window starts at the first hit and lasts windowMs. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current window's count, without counting. */
  peek(key: string): Promise<Hit | null>;
  reset(key: string): Promise<void>;
}

export function createMemoryStore(): CounterStore {
  const windows = new Map<string, Hit>();
  let calls = 0;
  const sweep = (at: number) => {
    for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
  };
  return {
    async hit(key, windowMs) {
      const at = now().getTime();
      if (++calls % 1000 === 0) sweep(at);
      const current = windows.get(key);
      if (!current || current.resetAt <= at) {
        const fresh = { count: 1, resetAt: at + windowMs };
        windows.set(key, fresh);
        return { ...fresh };
      }
      current.count += 1;
      return { ...current };
    },
    async peek(key) {
      const current = windows.get(key);
      return current && current.resetAt > now().getTime() ? { ...current } : null;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// Atomic: start a window (count 1, reset time from the caller's clock) or add one to it.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
if (not reset) or reset <= now then
  reset = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'c', 1, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), reset}
`;

export function createRedisStore(redis: Redis, prefix: string): CounterStore {
  const k = (key: string) => `${prefix}rl:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, resetAt] = (await redis.eval(HIT_SCRIPT, 1, k(key), String(now().getTime()), String(windowMs))) as [
        number,
        number,
      ];
      return { count: Number(count), resetAt: Number(resetAt) };
    },
    async peek(key) {
      const [count, resetAt] = await redis.hmget(k(key), 'c', 'r');
      if (count == null || resetAt == null || Number(resetAt) <= now().getTime()) return null;
      return { count: Number(count), resetAt: Number(resetAt) };
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

const storesOfApps = new WeakMap<object, CounterStore>();

/**
 * The app's counter store: Redis-backed when REDIS_URL is set, else in memory. One per app (keyed by
 * its deps), so that every module counting against the same key (sign-in and change-password share
 * the account limit) sees the same counts.
 */
export function createCounterStore(app: FastifyInstance): CounterStore {
  let store = storesOfApps.get(app.deps);
  if (!store) {
    const redis = getRedis(app);
    store = redis ? createRedisStore(redis, redisKeyPrefix(app)) : createMemoryStore();
    storesOfApps.set(app.deps, store);
  }
  return store;
}

/** Whole seconds until a window ends, at least 1. */
export function secondsUntil(resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - now().getTime()) / 1000));
}
