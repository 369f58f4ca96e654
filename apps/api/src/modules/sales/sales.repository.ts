// All SQL of the sales area's own data: the rep's working customer (on the rep's session rows),
// the rep record, password and sessions for change-password, and promotion banners.
// Customer and warehouse look-ups come from the customers module.
import type { DbOrTrx } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';

/** Sets the working customer on every live session of the user: all of the rep's devices share it. */
export async function setWorkingCustomerForUser(db: DbOrTrx, userId: string, customerId: string): Promise<void> {
  await db.updateTable('sessions').set({ current_customer_id: customerId }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function setWorkingCustomerForSession(db: DbOrTrx, sessionId: string, customerId: string): Promise<void> {
  await db.updateTable('sessions').set({ current_customer_id: customerId }).where('id', '=', sessionId).execute();
}

/** The working customer kept on another live session of the user (a device signed in later has none yet). */
export async function findWorkingCustomerOfUser(db: DbOrTrx, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('current_customer_id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('current_customer_id', 'is not', null)
    .orderBy('last_seen_at', 'desc')
    .executeTakeFirst();
  return row?.current_customer_id ?? null;
}

export function findSalesRep(db: DbOrTrx, id: string) {
  return db.selectFrom('sales_reps').select(['id', 'code', 'name', 'email', 'phone']).where('id', '=', id).executeTakeFirst();
}

export function findUserForProfile(db: DbOrTrx, userId: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'phone', 'password_hash']).where('id', '=', userId).executeTakeFirst();
}

export async function updateUserPassword(db: DbOrTrx, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** Signs out every other device of the user (after a password change). */
export async function revokeOtherSessions(db: DbOrTrx, userId: string, keepSessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Active banners of the distributor: kind banner, switched on, started and not yet ended at `at`. */
export function listActiveBanners(db: DbOrTrx, distributorId: string, at: string) {
  return db
    .selectFrom('promotions')
    .select(['id', 'title', 'description', 'image_url', 'starts_at', 'ends_at'])
    .where('distributor_id', '=', distributorId)
    .where('kind', '=', 'banner')
    .where('is_active', '=', 1)
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .execute();
}
