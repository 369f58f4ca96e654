// The signed-in user's own profile (retailer: user and store; distributor user: user, role and
// distributor) and the one change-password implementation every role uses (the sales area's
// POST /sales/changePassword calls it too).
import {
  SAME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ChangePasswordBody,
} from '@portal/shared/sales/sales.schemas';
import type { DistributorProfile, ProfileUser, RetailerProfile } from '@portal/shared/profile/profile.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { CounterStore } from '../../platform/rate-limit.ts';
import { checkCurrentPassword } from '../auth/auth.service.ts';
import { toRetailerRecord, toWarehouseDetails } from '../customers/customer-record.ts';
import { findCustomerById, findDistributor, listWarehouses } from '../customers/customers.service.ts';
import { findRoleName, findUser, revokeOtherSessions, updateUserPassword } from './profile.repository.ts';

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
  const [user, distributor, roleName] = await Promise.all([
    profileUser(db, actor),
    requireDistributor(db, actor.distributorId),
    actor.distributorRoleId ? findRoleName(db, actor.distributorRoleId) : Promise.resolve(null),
  ]);
  const warehouses = await listWarehouses(db, distributor.id);
  return {
    user,
    roleName,
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
