// The signed-in user's own profile (retailer: user and store; distributor user: user, role and
// distributor) and the one change-password implementation every role uses (the sales area's
// POST /sales/changePassword calls it too).
import {
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ChangePasswordBody,
} from '@portal/shared/sales/sales.schemas';
import {
  PROFILE_MESSAGES as PM,
  type DistributorProfile,
  type ProfileUser,
  type RetailerProfile,
  type setPasswordBody,
  type updateProfileBody,
} from '@portal/shared/profile/profile.schemas';
import { normalizeEmailPhone } from '@portal/shared/auth/auth.schemas';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { CounterStore } from '../../platform/rate-limit.ts';
import { checkCurrentPassword } from '../auth/auth.service.ts';
import { toRetailerRecord, toWarehouseDetails } from '../customers/customer-record.ts';
import { findCustomerById, findDistributor, listWarehouses } from '../customers/customers.service.ts';
import {
  addressTakenByOther,
  findRoleName,
  findUser,
  revokeOtherSessions,
  updateUserDetails,
  updateUserPassword,
} from './profile.repository.ts';

async function profileUser(db: Db, actor: Actor): Promise<ProfileUser> {
  const user = await findUser(db, actor.userId);
  if (!user) throw notFound('Profile not found');
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role };
}

async function requireDistributor(db: Db, distributorId: string) {
  const distributor = await findDistributor(db, distributorId);
  if (!distributor) throw notFound('Distributor not found');
  return distributor;
}

export async function retailerProfile(db: Db, actor: Actor): Promise<RetailerProfile> {
  if (!actor.customerId) throw forbidden('This account is not linked to a store');
  const [user, customer, distributor] = await Promise.all([
    profileUser(db, actor),
    findCustomerById(db, actor.customerId),
    requireDistributor(db, actor.distributorId),
  ]);
  if (!customer) throw notFound('Store not found');
  const warehouses = await listWarehouses(db, distributor.id, customer.warehouse_id);
  return {
    user,
    storeDetail: toRetailerRecord(customer),
    store: { email: customer.email, zip: customer.zip },
    wareHouseDetail: toWarehouseDetails(distributor, warehouses),
  };
}

export async function distributorProfile(db: Db, actor: Actor): Promise<DistributorProfile> {
  const [row, distributor, roleName] = await Promise.all([
    findUser(db, actor.userId),
    requireDistributor(db, actor.distributorId),
    actor.distributorRoleId ? findRoleName(db, actor.distributorRoleId) : Promise.resolve(null),
  ]);
  if (!row) throw notFound('Profile not found');
  const warehouses = await listWarehouses(db, distributor.id);
  return {
    user: { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role },
    roleName,
    hasPassword: row.password_hash !== null,
    distributor: {
      id: distributor.id,
      name: distributor.name,
      companyName: distributor.company_name,
      email: distributor.email,
      phone: distributor.phone,
      addr1: distributor.addr1,
      city: distributor.city,
      state: distributor.state,
      zip: distributor.zip,
    },
    wareHouseDetail: toWarehouseDetails(distributor, warehouses),
  };
}

/** The app's counter store and the request's logger: guesses of the current password are limited. */
export interface PasswordLimits {
  counters: CounterStore;
  log: FastifyBaseLogger;
}

/**
 * Checks the current password, stores the new one and signs the user's other devices out. The check
 * counts against the account's password limit, the same as sign-in (429 while it is locked), so a
 * stolen session cannot be used to guess the password.
 */
export async function changeOwnPassword(db: Db, actor: Actor, body: ChangePasswordBody, limits: PasswordLimits): Promise<void> {
  const user = await findUser(db, actor.userId);
  if (!user) throw notFound('Profile not found');
  if (!(await checkCurrentPassword(limits, user, body.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
  }
  if (body.currentPassword === body.newPassword) throw badRequest(SAME_PASSWORD_MESSAGE, { newPassword: SAME_PASSWORD_MESSAGE });
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUserPassword(trx, actor.userId, passwordHash);
    await revokeOtherSessions(trx, actor.userId, actor.sessionId);
  });
}

/**
 * PUT /admin/profile: a staff user's own name, e-mail and phone (at least one of them, to sign in with).
 * A new e-mail or phone needs the current password (checked under the account's password limit), so a
 * borrowed session cannot move the account to another address and reset its password from there; an
 * invited user sets a password first. An address another account uses is refused (409 on that field).
 * Recorded in the user's audit trail.
 */
export async function updateOwnDetails(
  db: Db,
  actor: Actor,
  body: z.output<typeof updateProfileBody>,
  limits: PasswordLimits,
): Promise<DistributorProfile> {
  const user = await findUser(db, actor.userId);
  if (!user) throw notFound('Profile not found');
  const email = body.email === null ? null : normalizeEmailPhone(body.email);
  const phone = body.phone === null ? null : normalizeEmailPhone(body.phone);
  const addressChanged = (email ?? null) !== (user.email?.toLowerCase() ?? null) || phone !== user.phone;
  if (addressChanged) {
    if (user.password_hash === null) throw badRequest(PM.setPasswordFirst, { currentPassword: PM.setPasswordFirst });
    if (!body.currentPassword) throw badRequest(PM.currentPasswordRequired, { currentPassword: PM.currentPasswordRequired });
    if (!(await checkCurrentPassword(limits, user, body.currentPassword))) {
      throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
    }
  }
  const taken = await addressTakenByOther(db, user.id, { email, phone });
  const refusal = (fields: Record<string, string>) => new AppError('CONFLICT', PM.accountExists, { fields });
  if (taken.email || taken.phone) {
    throw refusal({ ...(taken.email ? { email: PM.accountExists } : {}), ...(taken.phone ? { phone: PM.accountExists } : {}) });
  }
  const details = { name: body.name, email, phone };
  await refuseOnUniqueViolation(
    () =>
      db.transaction().execute(async (trx) => {
        await updateUserDetails(trx, user.id, details);
        await recordAudit(trx, {
          distributorId: actor.distributorId,
          entityType: 'user',
          entityId: user.id,
          action: 'profile_updated',
          actor: { userId: actor.userId, name: user.name },
          before: { name: user.name, email: user.email, phone: user.phone },
          after: details,
        });
      }),
    () => refusal({ email: PM.accountExists }),
  );
  return distributorProfile(db, actor);
}

/**
 * POST /admin/setPassword: the first password of a staff user invited without one (who signed in with a
 * one-time code). Refused (409) once a password exists: that is changed with the current one.
 */
export async function setFirstPassword(db: Db, actor: Actor, body: z.output<typeof setPasswordBody>): Promise<void> {
  const user = await findUser(db, actor.userId);
  if (!user) throw notFound('Profile not found');
  if (user.password_hash !== null) throw new AppError('CONFLICT', PM.hasPassword);
  const passwordHash = await hashPassword(body.newPassword);
  await updateUserPassword(db, user.id, passwordHash);
}
