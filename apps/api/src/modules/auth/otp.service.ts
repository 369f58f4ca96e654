// One-time codes: 6 digits, valid 5 minutes, used once, stored as an HMAC (the JWT secret is the key,
// so a database dump alone cannot test the million candidates). Every unexpired, unused code of an
// address stays valid: a code requested by someone else never makes the owner's code unusable, and
// wrong guesses are limited per account and client IP (auth-limits.ts), never by killing a code.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DbOrTrx } from '../../db/database.ts';
import type { OtpCodeTable } from '../../db/schema.ts';
import { now } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { consumeOtp, findLiveOtps, type OtpPurpose } from './auth.repository.ts';

export const OTP_TTL_MS = 5 * 60_000;

export function hashCode(secret: string, purpose: OtpPurpose, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${target}:${code}`).digest('hex');
}

/** A new code in clear and the row that stores its HMAC (the caller stores it). */
export function newCode(secret: string, target: string, purpose: OtpPurpose): { code: string; row: OtpCodeTable } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const createdAt = now();
  return {
    code,
    row: {
      id: newId(),
      purpose,
      target,
      code_hash: hashCode(secret, purpose, target, code),
      attempts: 0,
      expires_at: new Date(createdAt.getTime() + OTP_TTL_MS).toISOString(),
      consumed_at: null,
      created_at: createdAt.toISOString(),
    },
  };
}

/**
 * Checks a code against every live code of the address and purpose; the one that matches is used up.
 * False for a wrong, expired or used code, and when another request used the same code first.
 * The HMAC is computed whether or not the address has codes, so an unknown address costs the same.
 */
export async function checkCode(
  db: DbOrTrx,
  secret: string,
  target: string,
  purpose: OtpPurpose,
  code: string,
): Promise<boolean> {
  const given = Buffer.from(hashCode(secret, purpose, target, code), 'hex');
  const rows = await findLiveOtps(db, target, purpose, now().toISOString());
  const match = rows.find((row) => timingSafeEqual(Buffer.from(row.code_hash, 'hex'), given));
  return match ? consumeOtp(db, match.id) : false;
}
