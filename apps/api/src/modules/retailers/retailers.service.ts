// Admin retailers: a distributor user sees and edits only its distributor's stores (another
// distributor's store is 404). C_Numbers are unique per distributor. Stores are never deleted: they
// are deactivated, which ends their users' sessions from the next request (the session cache drops on
// any customers.is_active change: platform/auth/actor.ts) and refuses their sign-in.
import { creditPolicyOf } from '@portal/shared/credit/credit';
import { DEFAULT_SORTS, resolveSorting } from '@portal/shared/api/sort';
import {
  RETAILER_LAST_ORDERS,
  RETAILER_MESSAGES,
  type RetailerChoices,
  type RetailerDetail,
  type RetailerInput,
  type RetailerList,
  type RetailerRow,
  type retailerListQuery,
} from '@portal/shared/retailers/retailers.schemas';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { usersOfCustomer } from '../auth/auth.service.ts';
import { recentOrdersOfCustomer } from '../orders/orders.service.ts';
import { endWorkingSessionsOn } from '../sales/sales.service.ts';
import { newStoreDefaults } from '../settings/settings.service.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import {
  findRetailer,
  findRetailerByNumber,
  findSalesRep,
  findStoresMatching,
  insertRetailer,
  largestCustomerNumbers,
  listActiveSalesReps,
  listRetailers,
  listRouteNumbers,
  updateRetailer,
  type RetailerDbRow,
  type RetailerFields,
} from './retailers.repository.ts';
import { auditCustomer, customerAuditFields, type CustomerAuditFields } from './retailer-audit.ts';

export function toRetailerRow(row: RetailerDbRow): RetailerRow {
  return {
    id: row.id,
    C_Number: row.c_number,
    companyName: row.company_name,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    city: row.city,
    routeNumber: row.route_number,
    stopNumber: row.stop_number,
    orderDay: Number(row.order_day),
    salesRep: row.sales_rep_id ? { id: row.sales_rep_id, name: row.sales_rep_name ?? '' } : null,
    priceClass: Number(row.price_level),
    balanceCents: Number(row.balance_cents),
    isActive: Number(row.is_active) === 1,
    lastOrderAt: row.last_order_at,
    openOrderCount: Number(row.open_order_count),
  };
}

const orNull = (v: number | string | null) => (v == null ? null : Number(v));

/** The stored columns of a form: empty optional fields are stored as null. */
function retailerFields(input: RetailerInput): RetailerFields {
  return {
    c_number: input.cNumber,
    company_name: input.companyName,
    contact_name: input.contactName,
    address: input.address || null,
    city: input.city || null,
    state: input.state || null,
    zip: input.zip || null,
    phone: input.phone || null,
    email: input.email || null,
    route_number: input.routeNumber || null,
    stop_number: input.stopNumber || null,
    order_day: input.orderDay,
    sales_rep_id: input.salesRepId || null,
    price_level: input.priceClass,
    min_order_cents: input.minOrderCents ?? null,
    item_limit_qty: input.itemLimit ?? null,
    delivery_charge_rule: input.deliveryChargeRule,
    delivery_charge_cents: input.deliveryChargeCents ?? null,
    credit_limit_cents: input.creditLimitCents ?? null,
    credit_policy: input.creditPolicy,
    payment_terms_days: input.paymentTermsDays,
    is_tax_exempt: input.taxExempt ? 1 : 0,
    notes: input.notes || null,
  };
}

export async function listRetailerRows(db: Db, actor: Actor, query: z.output<typeof retailerListQuery>): Promise<RetailerList> {
  const sorting = resolveSorting(DEFAULT_SORTS.adminRetailers, query.sort, query.dir);
  const { rows, total } = await listRetailers(
    db,
    {
      distributorId: actor.distributorId,
      search: query.search || undefined,
      route: query.route || undefined,
      orderDay: query.orderDay,
      salesRepId: query.salesRepId || undefined,
      priceClass: query.priceClass,
      status: query.status,
      balanceMinCents: query.balanceMinCents,
      balanceMaxCents: query.balanceMaxCents,
      hasOpenOrders: query.hasOpenOrders,
    },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toRetailerRow), total, page: query.page, limit: query.limit };
}

async function findOwnRetailer(db: Db, actor: Actor, id: string): Promise<RetailerDbRow> {
  const row = await findRetailer(db, actor.distributorId, id);
  if (!row) throw notFound(RETAILER_MESSAGES.notFound);
  return row;
}

export async function getRetailer(db: Db, actor: Actor, id: string): Promise<RetailerDetail> {
  const row = await findOwnRetailer(db, actor, id);
  const [users, lastOrders] = await Promise.all([
    usersOfCustomer(db, row.id),
    recentOrdersOfCustomer(db, row.id, RETAILER_LAST_ORDERS),
  ]);
  return {
    ...toRetailerRow(row),
    address: row.address,
    state: row.state,
    zip: row.zip,
    minOrderCents: orNull(row.min_order_cents),
    itemLimit: orNull(row.item_limit_qty),
    deliveryChargeRule: row.delivery_charge_rule,
    deliveryChargeCents: orNull(row.delivery_charge_cents),
    creditLimitCents: orNull(row.credit_limit_cents),
    creditPolicy: creditPolicyOf(row.credit_policy),
    paymentTermsDays: Number(row.payment_terms_days),
    taxExempt: Number(row.is_tax_exempt) === 1,
    notes: row.notes,
    createdAt: row.created_at,
    users,
    lastOrders,
  };
}

const duplicate = (cNumber: string) =>
  new AppError('CONFLICT', RETAILER_MESSAGES.duplicate(cNumber), { fields: { cNumber: RETAILER_MESSAGES.duplicate(cNumber) } });

/** A C_Number in use (in this distributor, or, while 0001's global index stands, anywhere) and an unknown rep are refused. */
async function checkInput(db: Db, actor: Actor, input: RetailerInput, exceptId?: string): Promise<void> {
  if (await findRetailerByNumber(db, actor.distributorId, input.cNumber, exceptId)) throw duplicate(input.cNumber);
  if (input.salesRepId && !(await findSalesRep(db, actor.distributorId, input.salesRepId))) {
    throw badRequest(RETAILER_MESSAGES.salesRepNotFound, { salesRepId: RETAILER_MESSAGES.salesRepNotFound });
  }
}

/**
 * A new store's terms: the minimum order, item limit and credit limit the office left out (undefined)
 * take the distributor's defaults for new stores (Settings); a null sent on purpose means none.
 */
async function withStoreDefaults(db: DbOrTrx, distributorId: string, input: RetailerInput): Promise<RetailerInput> {
  const d = await newStoreDefaults(db, distributorId);
  return {
    ...input,
    minOrderCents: input.minOrderCents === undefined ? d.minOrderCents : input.minOrderCents,
    itemLimit: input.itemLimit === undefined ? d.itemLimit : input.itemLimit,
    creditLimitCents: input.creditLimitCents === undefined ? d.creditLimitCents : input.creditLimitCents,
  };
}

/**
 * Tells the distributor's webhook endpoints about a store created or changed, in the change's transaction
 * (docs/webhooks.md). The data is the store's fields as the audit log shows them, with its id.
 */
export async function announceCustomer(
  trx: DbOrTrx,
  distributorId: string,
  event: 'customer.created' | 'customer.changed',
  customerId: string,
  fields: CustomerAuditFields | (() => Promise<CustomerAuditFields>),
): Promise<void> {
  await queueWebhookEvent(trx, distributorId, event, async () => ({
    customerId,
    ...(typeof fields === 'function' ? await fields() : fields),
  }));
}

export async function createRetailer(db: Db, actor: Actor, given: RetailerInput): Promise<RetailerDetail> {
  await checkInput(db, actor, given);
  const input = await withStoreDefaults(db, actor.distributorId, given);
  const id = newId();
  await refuseOnUniqueViolation(
    () =>
      db.transaction().execute(async (trx) => {
        await insertRetailer(trx, { id, distributor_id: actor.distributorId, created_at: nowIso(), ...retailerFields(input) });
        const fields = await auditFieldsOf(trx, actor, id);
        await auditCustomer(trx, actor, id, 'created', null, fields);
        await announceCustomer(trx, actor.distributorId, 'customer.created', id, fields);
      }),
    () => duplicate(input.cNumber),
  );
  return getRetailer(db, actor, id);
}

/** The store's terms as the audit log records them, read within the change's transaction. */
async function auditFieldsOf(db: DbOrTrx, actor: Actor, id: string) {
  const row = await findRetailer(db, actor.distributorId, id);
  if (!row) throw notFound(RETAILER_MESSAGES.notFound);
  return customerAuditFields(row);
}

export async function editRetailer(db: Db, actor: Actor, id: string, input: RetailerInput): Promise<RetailerDetail> {
  const before = await findOwnRetailer(db, actor, id);
  await checkInput(db, actor, input, id);
  await refuseOnUniqueViolation(
    () =>
      db.transaction().execute(async (trx) => {
        await updateRetailer(trx, actor.distributorId, id, retailerFields(input));
        // A rep that loses the store loses its working session on it at once (guardrails §2).
        const newRep = input.salesRepId || null;
        if (before.sales_rep_id && before.sales_rep_id !== newRep) await endWorkingSessionsOn(trx, before.sales_rep_id, [id]);
        const fields = await auditFieldsOf(trx, actor, id);
        await auditCustomer(trx, actor, id, 'updated', customerAuditFields(before), fields);
        await announceCustomer(trx, actor.distributorId, 'customer.changed', id, fields);
      }),
    () => duplicate(input.cNumber),
  );
  return getRetailer(db, actor, id);
}

export async function setRetailerActive(db: Db, actor: Actor, id: string, active: boolean): Promise<RetailerDetail> {
  const before = await findOwnRetailer(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await updateRetailer(trx, actor.distributorId, id, { is_active: active ? 1 : 0 });
    await auditCustomer(
      trx,
      actor,
      id,
      active ? 'reactivated' : 'deactivated',
      { isActive: Number(before.is_active) === 1 },
      { isActive: active },
    );
    await announceCustomer(trx, actor.distributorId, 'customer.changed', id, () => auditFieldsOf(trx, actor, id));
  });
  return getRetailer(db, actor, id);
}

const naturalOrder = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The sales reps and routes the office picks from (the list's filters, the store form), and a new store's default terms. */
export async function retailerChoices(db: Db, actor: Actor): Promise<RetailerChoices> {
  const [salesReps, routes, defaults] = await Promise.all([
    listActiveSalesReps(db, actor.distributorId),
    listRouteNumbers(db, actor.distributorId),
    newStoreDefaults(db, actor.distributorId),
  ]);
  return { salesReps, routes: routes.sort(naturalOrder.compare), newStoreDefaults: defaults };
}

// ---- for sign-up requests (modules/retailer-requests) ----

/** Phone digits as stored by sign-up (10 digits get the leading 1), compared in both spellings. */
const phoneVariants = (phone: string | null | undefined): string[] => {
  const d = (phone ?? '').replace(/[^0-9]/g, '');
  if (d.length < 7) return [];
  if (d.length === 11 && d.startsWith('1')) return [d, d.slice(1)];
  if (d.length === 10) return [`1${d}`, d];
  return [d];
};
const lowerTrim = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

export interface StoreLookalike {
  id: string;
  cNumber: string;
  companyName: string;
  matches: ('phone' | 'email' | 'address' | 'name')[];
}

/**
 * For each applicant, the distributor's stores with the same phone, e-mail, address or business name
 * (case and phone punctuation ignored). One query for a whole page of applicants.
 */
export async function findLookalikeStores(
  db: DbOrTrx,
  distributorId: string,
  applicants: { phone: string; email: string; address: string | null; name: string }[],
): Promise<StoreLookalike[][]> {
  if (!applicants.length) return [];
  const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
  const stores = await findStoresMatching(db, distributorId, {
    phones: uniq(applicants.flatMap((a) => phoneVariants(a.phone))),
    emails: uniq(applicants.map((a) => lowerTrim(a.email))),
    addresses: uniq(applicants.map((a) => lowerTrim(a.address))),
    names: uniq(applicants.map((a) => lowerTrim(a.name))),
  });
  return applicants.map((a) => {
    const phones = new Set(phoneVariants(a.phone));
    const out: StoreLookalike[] = [];
    for (const s of stores) {
      const matches: StoreLookalike['matches'] = [];
      if (phoneVariants(s.phone).some((p) => phones.has(p))) matches.push('phone');
      if (lowerTrim(a.email) && lowerTrim(s.email) === lowerTrim(a.email)) matches.push('email');
      if (lowerTrim(a.address) && lowerTrim(s.address) === lowerTrim(a.address)) matches.push('address');
      if (lowerTrim(a.name) && lowerTrim(s.company_name) === lowerTrim(a.name)) matches.push('name');
      if (matches.length) out.push({ id: s.id, cNumber: s.c_number, companyName: s.company_name, matches });
    }
    return out;
  });
}

/** The next free numeric C_Number of the distributor: one more than the largest, 10001 for the first. */
export async function suggestCustomerNumber(db: DbOrTrx, distributorId: string): Promise<string> {
  const largest = (await largestCustomerNumbers(db, distributorId)).find((n) => /^[0-9]{1,15}$/.test(n));
  return largest ? String(Number(largest) + 1) : '10001';
}

export function activeSalesReps(db: DbOrTrx, distributorId: string) {
  return listActiveSalesReps(db, distributorId);
}

/**
 * Creates a store inside the caller's transaction (approval of a sign-up request): the C_Number in use
 * is 409 with the field named, an unknown sales rep 400. Returns the new customer id.
 */
export async function createStoreInTransaction(trx: DbOrTrx, distributorId: string, given: RetailerInput): Promise<string> {
  const input = await withStoreDefaults(trx, distributorId, given);
  if (await findRetailerByNumber(trx, distributorId, input.cNumber)) throw duplicate(input.cNumber);
  if (input.salesRepId && !(await findSalesRep(trx, distributorId, input.salesRepId))) {
    throw badRequest(RETAILER_MESSAGES.salesRepNotFound, { salesRepId: RETAILER_MESSAGES.salesRepNotFound });
  }
  const id = newId();
  await refuseOnUniqueViolation(
    () => insertRetailer(trx, { id, distributor_id: distributorId, created_at: nowIso(), ...retailerFields(input) }),
    () => duplicate(input.cNumber),
  );
  await announceCustomer(trx, distributorId, 'customer.created', id, async () => {
    const row = await findRetailer(trx, distributorId, id);
    return row ? customerAuditFields(row) : {};
  });
  return id;
}
