// The sign-in rate limits (docs/auth.md, "Rate limits"):
//   per IP: 60 calls a minute over all sign-in, code and reset endpoints;
//   per account, passwords: 10 attempts per 15 minutes (sign-in and every change-password);
//   per account and client IP, codes: 5 attempts per 15 minutes; per account, codes: 50 per hour;
//   per address: one code sent per 30 seconds.
// An account is the user id when the typed address is known, else the normalised address, so the
// e-mail and the phone of one user share their counters.
// Attempts are taken from the counter BEFORE the password or code is checked (an atomic increment):
// over the limit the attempt is refused without checking, so N concurrent guesses check at most the
// limit, and the right password during a lock gets the lock's 429. A success clears its counter.
// A counter store that fails (Redis away) lets the request through and logs it: sign-in staying
// available matters more than the limit for the minutes Redis is down.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { secondsUntil, type CounterStore } from '../../platform/rate-limit.ts';

export const IP_LIMIT = { max: 60, windowMs: 60_000 };
export const PASSWORD_LIMIT = { max: 10, windowMs: 15 * 60_000 };
export const CODE_PER_IP_LIMIT = { max: 5, windowMs: 15 * 60_000 };
export const CODE_ACCOUNT_LIMIT = { max: 50, windowMs: 60 * 60_000 };
export const RESEND_INTERVAL_MS = 30_000;

export const PASSWORD_LOCKED_MESSAGE = (minutes: number) =>
  `Too many failed attempts. Please try again in ${minutes} minutes or sign in with a one-time code.`;
export const CODE_LOCKED_MESSAGE = (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minutes.`;

export interface Limits {
  counters: CounterStore;
  log: FastifyBaseLogger;
}

/** The account an address stands for: the user when known (any of its addresses), else the address. */
export const accountKey = (userId: string | undefined, address: string): string =>
  userId ? `user:${userId}` : `addr:${address}`;

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

/** Counts one call and throws the 429 when the count is over max. */
async function take(
  limits: Limits,
  key: string,
  limit: { max: number; windowMs: number },
  message: (minutes: number) => string,
): Promise<void> {
  const hit = await safely(limits, () => limits.counters.hit(key, limit.windowMs));
  if (hit && hit.count > limit.max) {
    const s = secondsUntil(hit.resetAt);
    throw rateLimited(message(Math.ceil(s / 60)), s);
  }
}

export async function limitIp(limits: Limits, ip: string): Promise<void> {
  const hit = await safely(limits, () => limits.counters.hit(`auth-ip:${ip}`, IP_LIMIT.windowMs));
  if (hit && hit.count > IP_LIMIT.max) {
    const s = secondsUntil(hit.resetAt);
    throw rateLimited(`Too many requests. Please try again in ${s} seconds.`, s);
  }
}

/** Takes one password attempt of the account; 429 (nothing checked) once the limit is used up. */
export function takePasswordAttempt(limits: Limits, account: string): Promise<void> {
  return take(limits, `auth-pw:${account}`, PASSWORD_LIMIT, PASSWORD_LOCKED_MESSAGE);
}

export async function clearPasswordAttempts(limits: Limits, account: string): Promise<void> {
  await safely(limits, () => limits.counters.reset(`auth-pw:${account}`));
}

/**
 * Takes one code attempt of the account from this client IP, then one of the account's ceiling.
 * The per-IP count is what stops a guesser; the ceiling only bounds a guesser with many addresses
 * (docs/auth.md gives the figures). Neither touches the codes themselves, so no guesser can make
 * the owner's code unusable.
 */
export async function takeCodeAttempt(limits: Limits, account: string, ip: string): Promise<void> {
  await take(limits, `auth-code:${account}:${ip}`, CODE_PER_IP_LIMIT, CODE_LOCKED_MESSAGE);
  await take(limits, `auth-code:${account}`, CODE_ACCOUNT_LIMIT, CODE_LOCKED_MESSAGE);
}

export async function clearCodeAttempts(limits: Limits, account: string, ip: string): Promise<void> {
  await safely(limits, () => limits.counters.reset(`auth-code:${account}:${ip}`));
}

/** At most one code per address per 30 s, whether or not the address is known. */
export async function throttleCodeSend(limits: Limits, address: string): Promise<void> {
  const hit = await safely(limits, () => limits.counters.hit(`otp-send:${address}`, RESEND_INTERVAL_MS));
  if (hit && hit.count > 1) {
    const s = secondsUntil(hit.resetAt);
    throw rateLimited(`Please wait ${s} seconds before requesting another OTP.`, s);
  }
}
