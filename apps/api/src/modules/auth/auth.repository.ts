// All SQL of sign-in: users by address, sessions, one-time codes, retailer sign-up requests, permissions.
import { sql, type Insertable } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { OtpCodeTable, OutboxMessageTable, RetailerRequestTable, SessionTable, UserTable } from '../../db/schema.ts';
import { nowIso } from '../../platform/clock.ts';

export type OtpPurpose = OtpCodeTable['purpose'];

/**
 * A user by normalised address: lower-case e-mail (compared case-insensitively) or phone digits, with
 * what isActiveAccount (platform/auth/actor.ts) needs: its store's and its sales rep record's is_active.
 * One query whether or not the address is known.
 */
export function findUserByAddress(db: DbOrTrx, address: string) {
  const q = db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .leftJoin('sales_reps', 'sales_reps.id', 'users.sales_rep_id')
    .selectAll('users')
    .select(['customers.is_active as customer_active', 'sales_reps.is_active as rep_active']);
  return (
    address.includes('@') ? q.where(sql<string>`lower(users.email)`, '=', address) : q.where('users.phone', '=', address)
  ).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByAddress>>>;

export function findUserById(db: DbOrTrx, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePassword(db: DbOrTrx, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
}

// ---- sessions ----

export async function insertSession(db: DbOrTrx, row: Insertable<SessionTable>): Promise<void> {
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

/** The unused, unexpired codes of an address and purpose (at most one per 30 s of the 5-minute life). */
export function findLiveOtps(db: DbOrTrx, target: string, purpose: OtpPurpose, nowIso: string) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash'])
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .execute();
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

/** Uses a code once: false when another request used it first. */
export async function consumeOtp(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db
    .updateTable('otp_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Stores what a code sends, without sending it: the code's row and its message row (the outbox's
 * columns), inside a transaction that is then rolled back. An unknown address does exactly the
 * work of a known one (auth.service.ts) and leaves nothing behind.
 */
export async function storeAndDiscard(db: Db, otp: OtpCodeTable, message: OutboxMessageTable): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('otp_codes').values(otp).execute();
      await trx.insertInto('outbox_messages').values(message).execute();
      throw discarded;
    })
    .catch((err: unknown) => {
      if (err !== discarded) throw err;
    });
}
const discarded = new Error('discarded');

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

/** A store's retailer users, by name. */
export function listCustomerUsers(db: DbOrTrx, customerId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'is_active', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('role', '=', 'retailer')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

// ---- a store's users, managed by the office ----

export async function insertUser(db: DbOrTrx, row: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** One retailer user of a store (the store already checked by the caller), or undefined. */
export function findCustomerUser(db: DbOrTrx, customerId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'is_active', 'created_at'])
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .where('role', '=', 'retailer')
    .executeTakeFirst();
}

export async function setUserActive(db: DbOrTrx, userId: string, active: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}
