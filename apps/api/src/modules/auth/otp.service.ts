// One-time codes: 6 digits, valid 5 minutes, stored as an HMAC (the JWT secret is the key, so a
// database dump alone cannot test the million candidates), dead after 5 wrong tries, used once.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DbOrTrx } from '../../db/database.ts';
import { now } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { addOtpAttempt, consumeOtp, findLiveOtp, insertOtp, retireOtps, type OtpPurpose } from './auth.repository.ts';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpCheck = 'ok' | 'invalid' | 'locked';

function hashCode(secret: string, purpose: OtpPurpose, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${target}:${code}`).digest('hex');
}

/** Makes a new code for the address and purpose, replacing any live one; returns it in clear. */
export async function issueCode(db: DbOrTrx, secret: string, target: string, purpose: OtpPurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await retireOtps(db, target, purpose);
  const createdAt = now();
  await insertOtp(db, {
    id: newId(),
    purpose,
    target,
    code_hash: hashCode(secret, purpose, target, code),
    attempts: 0,
    expires_at: new Date(createdAt.getTime() + OTP_TTL_MS).toISOString(),
    consumed_at: null,
    created_at: createdAt.toISOString(),
  });
  return code;
}

/** Checks a code: 'ok' uses it up; a wrong one counts a try, and the fifth wrong try kills it ('locked'). */
export async function checkCode(
  db: DbOrTrx,
  secret: string,
  target: string,
  purpose: OtpPurpose,
  code: string,
): Promise<OtpCheck> {
  const row = await findLiveOtp(db, target, purpose);
  if (!row || Date.parse(row.expires_at) <= now().getTime()) return 'invalid';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked';

  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, purpose, target, code), 'hex');
  if (timingSafeEqual(expected, given)) {
    return (await consumeOtp(db, row.id, OTP_MAX_ATTEMPTS)) ? 'ok' : 'invalid';
  }
  const attempts = await addOtpAttempt(db, row.id, OTP_MAX_ATTEMPTS);
  return attempts === null || attempts >= OTP_MAX_ATTEMPTS ? 'locked' : 'invalid';
}
