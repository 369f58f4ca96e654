// The sign-in rate limits (docs/auth.md):
//   per IP: 60 calls a minute over all sign-in, code and reset endpoints;
//   per account (the address typed, known or not): 10 failed attempts per 15 minutes;
//   per address: one code sent per 30 seconds.
// A counter store that fails (Redis away) lets the request through and logs it: sign-in staying
// available matters more than the limit for the minutes Redis is down.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { secondsUntil, type CounterStore, type Hit } from '../../platform/rate-limit.ts';

export const IP_LIMIT = { max: 60, windowMs: 60_000 };
export const ACCOUNT_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 };
export const RESEND_INTERVAL_MS = 30_000;

export interface Limits {
  counters: CounterStore;
  log: FastifyBaseLogger;
}

function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', message, { data: { retryAfterSeconds } });
}

async function safely<T>(limits: Limits, op: () => Promise<T>): Promise<T | null> {
  try {
    return await op();
  } catch (err) {
    limits.log.error({ err }, 'rate-limit store unavailable; request allowed');
    return null;
  }
}

export async function limitIp(limits: Limits, ip: string): Promise<void> {
  const hit = await safely(limits, () => limits.counters.hit(`auth-ip:${ip}`, IP_LIMIT.windowMs));
  if (hit && hit.count > IP_LIMIT.max) {
    const s = secondsUntil(hit.resetAt);
    throw rateLimited(`Too many requests. Please try again in ${s} seconds.`, s);
  }
}

export async function assertAccountNotLocked(limits: Limits, address: string): Promise<void> {
  const hit: Hit | null = await safely(limits, () => limits.counters.peek(`auth-fail:${address}`));
  if (hit && hit.count >= ACCOUNT_FAILURE_LIMIT.max) {
    const s = secondsUntil(hit.resetAt);
    throw rateLimited(`Too many failed attempts. Please try again in ${Math.ceil(s / 60)} minutes.`, s);
  }
}

export async function recordFailure(limits: Limits, address: string): Promise<void> {
  await safely(limits, () => limits.counters.hit(`auth-fail:${address}`, ACCOUNT_FAILURE_LIMIT.windowMs));
}

export async function clearFailures(limits: Limits, address: string): Promise<void> {
  await safely(limits, () => limits.counters.reset(`auth-fail:${address}`));
}

/** At most one code per address per 30 s, whether or not the address is known. */
export async function throttleCodeSend(limits: Limits, address: string): Promise<void> {
  const hit = await safely(limits, () => limits.counters.hit(`otp-send:${address}`, RESEND_INTERVAL_MS));
  if (hit && hit.count > 1) {
    const s = secondsUntil(hit.resetAt);
    throw rateLimited(`Please wait ${s} seconds before requesting another OTP.`, s);
  }
}
