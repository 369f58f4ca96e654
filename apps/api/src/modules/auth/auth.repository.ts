// All SQL of sign-in: users by address, sessions, one-time codes, retailer sign-up requests, permissions.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import type { OtpCodeTable, RetailerRequestTable, SessionTable } from '../../db/schema.ts';
import { nowIso } from '../../platform/clock.ts';

export type OtpPurpose = OtpCodeTable['purpose'];

/** A user by normalised address: lower-case e-mail (compared case-insensitively) or phone digits. */
export function findUserByAddress(db: DbOrTrx, address: string) {
  const q = db.selectFrom('users').selectAll();
  return (
    address.includes('@') ? q.where(sql<string>`lower(email)`, '=', address) : q.where('phone', '=', address)
  ).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByAddress>>>;

export function findUserById(db: DbOrTrx, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePassword(db: DbOrTrx, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
}

export async function listRolePermissions(db: DbOrTrx, roleId: string | null) {
  if (!roleId) return [];
  return db
    .selectFrom('role_permissions')
    .select(['module', 'can_view', 'can_add', 'can_edit', 'can_delete'])
    .where('role_id', '=', roleId)
    .execute();
}

// ---- sessions ----

export async function insertSession(db: DbOrTrx, row: SessionTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function revokeSession(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user except one (the caller's own, if any). */
export async function revokeUserSessions(db: DbOrTrx, userId: string, exceptSessionId: string | null): Promise<number> {
  let q = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function findSession(db: DbOrTrx, sessionId: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

// ---- one-time codes ----

export async function insertOtp(db: DbOrTrx, row: OtpCodeTable): Promise<void> {
  await db.insertInto('otp_codes').values(row).execute();
}

/** Ends every live code for the address and purpose (a new one replaces them). */
export async function retireOtps(db: DbOrTrx, target: string, purpose: OtpPurpose): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ consumed_at: nowIso() })
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export function findLiveOtp(db: DbOrTrx, target: string, purpose: OtpPurpose) {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The most recent code of any purpose for the address (resendOtp picks its purpose from it). */
export function findLatestOtp(db: DbOrTrx, target: string) {
  return db
    .selectFrom('otp_codes')
    .select(['purpose', 'created_at'])
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Counts a wrong try; returns the new count, or null when the code was already dead. */
export async function addOtpAttempt(db: DbOrTrx, id: string, maxAttempts: number): Promise<number | null> {
  const res = await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return null;
  const row = await db.selectFrom('otp_codes').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
  return row.attempts;
}

/** Uses a code once: false when another request used or killed it first. */
export async function consumeOtp(db: DbOrTrx, id: string, maxAttempts: number): Promise<boolean> {
  const res = await db
    .updateTable('otp_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- retailer sign-up requests ----

export function findDefaultDistributorId(db: DbOrTrx) {
  return db.selectFrom('distributors').select('id').orderBy('created_at').orderBy('id').executeTakeFirst();
}

export function userExistsWithEmailOrPhone(db: DbOrTrx, email: string, phone: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email), eb('phone', '=', phone)]))
    .executeTakeFirst();
}

/** Open requests (not yet approved or rejected) with this e-mail or phone. */
export function findOpenRequests(db: DbOrTrx, email: string, phone: string) {
  return db
    .selectFrom('retailer_requests')
    .selectAll()
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email), eb('phone', '=', phone)]))
    .where('status', 'in', ['unverified', 'pending'])
    .orderBy('created_at', 'desc')
    .execute();
}

/** The unverified request an address (e-mail or phone digits) belongs to. */
export function findUnverifiedRequest(db: DbOrTrx, address: string) {
  const q = db.selectFrom('retailer_requests').selectAll().where('status', '=', 'unverified').orderBy('created_at', 'desc');
  return (
    address.includes('@') ? q.where(sql<string>`lower(email)`, '=', address) : q.where('phone', '=', address)
  ).executeTakeFirst();
}

export async function insertRetailerRequest(db: DbOrTrx, row: RetailerRequestTable): Promise<void> {
  await db.insertInto('retailer_requests').values(row).execute();
}

export async function updateRetailerRequest(db: DbOrTrx, id: string, values: Partial<RetailerRequestTable>): Promise<void> {
  await db.updateTable('retailer_requests').set(values).where('id', '=', id).execute();
}

/** unverified → pending, once. */
export async function markRequestVerified(db: DbOrTrx, id: string): Promise<boolean> {
  const at = nowIso();
  const res = await db
    .updateTable('retailer_requests')
    .set({ status: 'pending', verified_at: at })
    .where('id', '=', id)
    .where('status', '=', 'unverified')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
