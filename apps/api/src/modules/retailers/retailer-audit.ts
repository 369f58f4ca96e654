// What the audit log records about a store (docs/audit.md): its terms as the office sees them, and one
// entry per change (created, updated, deactivated, reactivated, reassigned, and its users' invitations,
// deactivations, reactivations and sign-outs), written in the transaction of the change.
import type { DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { RetailerDbRow } from './retailers.repository.ts';

export type CustomerAuditFields = Record<string, string | number | boolean | null>;

/** A store's terms in the audit log: the form's names, cents as numbers, the sales rep by name. */
export function customerAuditFields(row: RetailerDbRow): CustomerAuditFields {
  const n = (v: number | string | null) => (v == null ? null : Number(v));
  return {
    cNumber: row.c_number,
    companyName: row.company_name,
    contactName: row.contact_name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    email: row.email,
    routeNumber: row.route_number,
    stopNumber: row.stop_number,
    orderDay: Number(row.order_day),
    salesRep: row.sales_rep_id ? (row.sales_rep_name ?? row.sales_rep_id) : null,
    priceClass: Number(row.price_level),
    minOrderCents: n(row.min_order_cents),
    itemLimit: n(row.item_limit_qty),
    deliveryChargeRule: row.delivery_charge_rule,
    deliveryChargeCents: n(row.delivery_charge_cents),
    creditLimitCents: n(row.credit_limit_cents),
    creditPolicy: row.credit_policy ?? 'none',
    paymentTermsDays: n(row.payment_terms_days),
    taxExempt: Number(row.is_tax_exempt) === 1,
    notes: row.notes,
    isActive: Number(row.is_active) === 1,
  };
}

/** One audit entry on a store's record. */
export function auditCustomer(
  db: DbOrTrx,
  actor: Actor,
  customerId: string,
  action: string,
  before: CustomerAuditFields | null,
  after: CustomerAuditFields | null,
): Promise<void> {
  return recordAudit(db, {
    distributorId: actor.distributorId,
    entityType: 'customer',
    entityId: customerId,
    action,
    actor: { userId: actor.userId, name: actor.name },
    before,
    after,
  });
}

/** How a store user is named in its store's trail: the field of a user entry, e.g. `User Nina Park (nina@x.test)`. */
export function userAuditField(user: { name: string; email: string | null; phone: string | null }): string {
  return `User ${user.name} (${user.email ?? user.phone ?? 'no address'})`;
}
