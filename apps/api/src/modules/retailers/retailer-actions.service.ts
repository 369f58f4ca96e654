// Admin actions on a store beyond its terms (issue 15 §1, §3): its users (invite, deactivate,
// reactivate, sign out everywhere: the auth service does the work), moving stores between sales reps
// (the losing rep's working session on them ends at once: the sales service), and the read-only
// catalogue preview (the catalogue service with the store as buyer), and the store's audit trail.
// Every change is recorded in the audit log in its own transaction. Only this distributor's stores.
import { RETAILER_MESSAGES } from '@portal/shared/retailers/retailers.schemas';
import {
  RETAILER_ACTION_MESSAGES as M,
  type ReassignResult,
  type reassignBody,
  type inviteRetailerUserBody,
} from '@portal/shared/retailers/retailer-actions.schemas';
import type { InventoryFilter } from '@portal/shared/catalog/catalog.schemas';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/auth/actor.ts';
import { previewBuyer } from '../../platform/buyer-context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import {
  inviteCustomerUser,
  setCustomerUserActive,
  signOutCustomerUserEverywhere,
  type CustomerUser,
} from '../auth/auth.service.ts';
import { auditTrail } from '../audit/audit.service.ts';
import { getInventory } from '../catalog/catalog.service.ts';
import { findDistributor } from '../customers/customers.service.ts';
import { endWorkingSessionsOn } from '../sales/sales.service.ts';
import { findRetailer, type RetailerDbRow } from './retailers.repository.ts';
import { findSalesRepOf, moveStores, storesOfRep } from './retailer-actions.repository.ts';
import { auditCustomer, customerAuditFields, userAuditField } from './retailer-audit.ts';
import { announceCustomer } from './retailers.service.ts';

async function ownRetailer(db: Db, actor: Actor, id: string): Promise<RetailerDbRow> {
  const row = await findRetailer(db, actor.distributorId, id);
  if (!row) throw notFound(RETAILER_MESSAGES.notFound);
  return row;
}

export interface ActionDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** POST /admin/retailers/:retailerId/users: a new retailer user of the store, invited through the outbox. */
export async function inviteRetailerUser(
  deps: ActionDeps,
  actor: Actor,
  retailerId: string,
  body: z.output<typeof inviteRetailerUserBody>,
): Promise<CustomerUser> {
  const store = await ownRetailer(deps.db, actor, retailerId);
  const distributor = await findDistributor(deps.db, actor.distributorId);
  return inviteCustomerUser(
    deps,
    {
      distributorId: actor.distributorId,
      customerId: store.id,
      storeName: store.company_name,
      distributorName: distributor?.company_name || distributor?.name || 'Your distributor',
      name: body.name,
      emailPhone: body.emailPhone,
    },
    (trx, user) => auditCustomer(trx, actor, store.id, 'user_invited', null, { [userAuditField(user)]: 'invited' }),
  );
}

const userState = (u: CustomerUser) => (u.isActive ? 'active' : 'inactive');

/** POST …/users/:userId/deactivate, /reactivate. */
export async function setRetailerUserActive(
  db: Db,
  actor: Actor,
  retailerId: string,
  userId: string,
  active: boolean,
): Promise<CustomerUser> {
  const store = await ownRetailer(db, actor, retailerId);
  return setCustomerUserActive(db, store.id, userId, active, (trx, before, after) =>
    auditCustomer(
      trx,
      actor,
      store.id,
      active ? 'user_reactivated' : 'user_deactivated',
      { [userAuditField(before)]: userState(before) },
      { [userAuditField(after)]: userState(after) },
    ),
  );
}

/** POST …/users/:userId/signOutEverywhere: every session of the user ends. */
export async function signOutRetailerUserEverywhere(
  db: Db,
  actor: Actor,
  retailerId: string,
  userId: string,
): Promise<{ sessionsEnded: number }> {
  const store = await ownRetailer(db, actor, retailerId);
  const sessionsEnded = await signOutCustomerUserEverywhere(db, store.id, userId, (trx, user, ended) =>
    auditCustomer(trx, actor, store.id, 'user_signed_out', null, {
      [userAuditField(user)]: ended === 1 ? 'signed out of 1 session' : `signed out of ${ended} sessions`,
    }),
  );
  return { sessionsEnded };
}

/**
 * POST /admin/retailers/reassign: all of one rep's stores, or the listed ones, go to another rep, in
 * one transaction. A listed store that is not the first rep's refuses the whole move (400, with how
 * many), so a stale selection never moves stores nobody meant to move. The first rep's working
 * session on each moved store ends at once.
 */
export async function reassignRetailers(db: Db, actor: Actor, body: z.output<typeof reassignBody>): Promise<ReassignResult> {
  if (body.fromSalesRepId === body.toSalesRepId) throw badRequest(M.sameRep, { toSalesRepId: M.sameRep });
  const [from, to] = await Promise.all([
    findSalesRepOf(db, actor.distributorId, body.fromSalesRepId),
    findSalesRepOf(db, actor.distributorId, body.toSalesRepId),
  ]);
  if (!from) throw badRequest(M.repNotFound, { fromSalesRepId: M.repNotFound });
  if (!to) throw badRequest(M.repNotFound, { toSalesRepId: M.repNotFound });
  if (!Number(to.is_active)) throw badRequest(M.toRepInactive, { toSalesRepId: M.toRepInactive });
  const listed = body.retailerIds ? [...new Set(body.retailerIds)] : undefined;
  return db.transaction().execute(async (trx) => {
    const stores = await storesOfRep(trx, actor.distributorId, from.id, listed);
    if (listed && stores.length !== listed.length) {
      const message = M.retailerNotOfRep(listed.length - stores.length);
      throw badRequest(message, { retailerIds: message });
    }
    const ids = stores.map((s) => s.id);
    const moved = await moveStores(trx, actor.distributorId, ids, to.id);
    await endWorkingSessionsOn(trx, from.id, ids);
    for (const id of ids) {
      await auditCustomer(trx, actor, id, 'reassigned', { salesRep: from.name }, { salesRep: to.name });
      await announceCustomer(trx, actor.distributorId, 'customer.changed', id, async () => {
        const row = await findRetailer(trx, actor.distributorId, id);
        return row ? customerAuditFields(row) : {};
      });
    }
    return { moved };
  });
}

/** POST /admin/retailers/:retailerId/preview/inventory: the store's catalogue as it sees it, read-only. */
export async function previewInventory(db: Db, actor: Actor, retailerId: string, filter: InventoryFilter) {
  const store = await ownRetailer(db, actor, retailerId);
  return getInventory(db, previewBuyer(actor, store.id), filter);
}

/** GET /admin/retailers/:retailerId/audit: the store's history, newest first. */
export async function retailerAuditTrail(db: Db, actor: Actor, retailerId: string, query: { page: number; limit: number }) {
  const store = await ownRetailer(db, actor, retailerId);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'customer', entityId: store.id, ...query });
}
