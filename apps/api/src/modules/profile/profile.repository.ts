// SQL of the profile module: the user row (with its password hash, for change-password), the
// user's distributor role name, the session revocation that follows a password change, and a staff
// user's own details (name, e-mail, phone).
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';

export function findUser(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'role', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findRoleName(db: DbOrTrx, roleId: string): Promise<string | null> {
  const row = await db.selectFrom('distributor_roles').select('name').where('id', '=', roleId).executeTakeFirst();
  return row?.name ?? null;
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

/** Whether another user signs in with this e-mail (any letter case) or phone. */
export async function addressTakenByOther(
  db: DbOrTrx,
  userId: string,
  address: { email: string | null; phone: string | null },
): Promise<{ email: boolean; phone: boolean }> {
  if (!address.email && !address.phone) return { email: false, phone: false };
  const rows = await db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where('id', '!=', userId)
    .where((eb) =>
      eb.or([
        ...(address.email ? [eb(sql<string>`lower(email)`, '=', address.email)] : []),
        ...(address.phone ? [eb('phone', '=', address.phone)] : []),
      ]),
    )
    .execute();
  return {
    email: rows.some((r) => address.email !== null && r.email?.toLowerCase() === address.email),
    phone: rows.some((r) => address.phone !== null && r.phone === address.phone),
  };
}

export async function updateUserDetails(
  db: DbOrTrx,
  userId: string,
  details: { name: string; email: string | null; phone: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...details, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}
