// The office's sign-up requests (issue 15 §2). A request comes from /auth/signup (unverified, then
// pending once its code is verified) or is added by staff (pending at once). Staff edit it while
// pending, then decide once: approval creates the store and its retailer user in one transaction (the
// applicant's own password, or none: a one-time code signs them in) and tells the applicant through
// the outbox; rejection stores the reason and sends it. Each decision keeps who and when. Another
// distributor's request is 404. The store, user and outbox work goes through their modules' services.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { resolveSorting } from '@portal/shared/api/sort';
import type { AuditTrail } from '@portal/shared/audit/audit.schemas';
import { normalizeEmailPhone } from '@portal/shared/auth/auth.schemas';
import {
  REQUEST_DEFAULT_SORT,
  REQUEST_MESSAGES,
  type ApproveRequestInput,
  type Duplicate,
  type DuplicateField,
  type RequestDetail,
  type RequestList,
  type RequestRow,
  type RetailerRequestInput,
  type requestListQuery,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { type AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { queueMessage } from '../../platform/messaging/outbox.ts';
import { emailSenderOf, newStoreDefaults } from '../settings/settings.service.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { accountExists, createRetailerUser } from '../auth/auth.service.ts';
import { notifySignupApproved } from '../notifications/notifications.service.ts';
import {
  activeSalesReps,
  createStoreInTransaction,
  findLookalikeStores,
  suggestCustomerNumber,
} from '../retailers/retailers.service.ts';
import {
  findOpenRequestByAddress,
  findOpenRequestsMatching,
  findPasswordHash,
  findRequest,
  insertRequest,
  listRequests,
  updateRequestIf,
  type RequestDbRow,
} from './retailer-requests.repository.ts';

export interface RequestsContext {
  db: Db;
  config: Pick<Config, 'mode' | 'smtpUrl' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

const lowerTrim = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
const phoneKey = (v: string | null | undefined) => {
  const d = (v ?? '').replace(/[^0-9]/g, '');
  return d.length === 10 ? `1${d}` : d;
};

function toRow(row: RequestDbRow, duplicateFields: DuplicateField[]): RequestRow {
  return {
    id: row.id,
    storeName: row.store_name,
    ownerName: row.owner_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    status: row.status,
    source: row.created_by_user_id ? 'staff' : 'signup',
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
    duplicateFields,
  };
}

const FIELD_ORDER: DuplicateField[] = ['phone', 'email', 'address', 'name'];

/**
 * The look-alikes of each request: the distributor's stores and its other open requests with the same
 * phone, e-mail, address or business name. Two queries for a whole page.
 */
async function lookalikes(db: DbOrTrx, distributorId: string, rows: RequestDbRow[]): Promise<Duplicate[][]> {
  if (!rows.length) return [];
  const applicants = rows.map((r) => ({ phone: r.phone, email: r.email, address: r.address, name: r.store_name }));
  const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
  const [stores, requests] = await Promise.all([
    findLookalikeStores(db, distributorId, applicants),
    findOpenRequestsMatching(db, distributorId, {
      phones: uniq(rows.map((r) => phoneKey(r.phone))),
      emails: uniq(rows.map((r) => lowerTrim(r.email))),
      addresses: uniq(rows.map((r) => lowerTrim(r.address))),
      names: uniq(rows.map((r) => lowerTrim(r.store_name))),
    }),
  ]);
  return rows.map((r, i) => {
    // An approved request's own store is not a duplicate of it.
    const out: Duplicate[] = (stores[i] ?? [])
      .filter((s) => s.id !== r.customer_id)
      .map((s) => ({
        kind: 'store',
        id: s.id,
        name: s.companyName,
        C_Number: s.cNumber,
        status: null,
        matches: s.matches,
      }));
    for (const o of requests) {
      if (o.id === r.id) continue;
      const matches: DuplicateField[] = [];
      if (phoneKey(o.phone) && phoneKey(o.phone) === phoneKey(r.phone)) matches.push('phone');
      if (lowerTrim(o.email) === lowerTrim(r.email)) matches.push('email');
      if (lowerTrim(r.address) && lowerTrim(o.address) === lowerTrim(r.address)) matches.push('address');
      if (lowerTrim(o.store_name) === lowerTrim(r.store_name)) matches.push('name');
      if (matches.length) out.push({ kind: 'request', id: o.id, name: o.store_name, C_Number: null, status: o.status, matches });
    }
    return out;
  });
}

const fieldsOf = (dups: Duplicate[]) => FIELD_ORDER.filter((f) => dups.some((d) => d.matches.includes(f)));

export async function listRequestRows(db: Db, actor: Actor, query: z.output<typeof requestListQuery>): Promise<RequestList> {
  const sorting = resolveSorting(REQUEST_DEFAULT_SORT, query.sort, query.dir);
  const { rows, total } = await listRequests(
    db,
    { distributorId: actor.distributorId, status: query.status, search: query.search || undefined },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  const dups = await lookalikes(db, actor.distributorId, rows);
  return { items: rows.map((r, i) => toRow(r, fieldsOf(dups[i] ?? []))), total, page: query.page, limit: query.limit };
}

async function findOwnRequest(db: DbOrTrx, actor: Actor, id: string): Promise<RequestDbRow> {
  const row = await findRequest(db, actor.distributorId, id);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  return row;
}

export async function getRequest(db: Db, actor: Actor, id: string): Promise<RequestDetail> {
  const row = await findOwnRequest(db, actor, id);
  const [[dups = []], suggestedCNumber, reps, defaults] = await Promise.all([
    lookalikes(db, actor.distributorId, [row]),
    suggestCustomerNumber(db, actor.distributorId),
    activeSalesReps(db, actor.distributorId),
    newStoreDefaults(db, actor.distributorId),
  ]);
  return {
    ...toRow(row, fieldsOf(dups)),
    address: row.address,
    state: row.state,
    zip: row.zip,
    notes: row.notes,
    verifiedAt: row.verified_at,
    reviewedBy: row.reviewed_by_user_id ? { id: row.reviewed_by_user_id, name: row.reviewed_by_name ?? '' } : null,
    rejectReason: row.reject_reason,
    customer: row.customer_id && row.customer_number ? { id: row.customer_id, C_Number: row.customer_number } : null,
    hasPassword: Number(row.has_password) === 1,
    duplicates: dups,
    suggestedCNumber,
    salesReps: reps.map((r) => ({ id: r.id, name: r.name })),
    newStoreDefaults: defaults,
  };
}

/** What the audit log and the answers show of a request (never its password). */
export function auditView(row: RequestDbRow): Record<string, unknown> {
  return {
    storeName: row.store_name,
    ownerName: row.owner_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    notes: row.notes,
    status: row.status,
    customerId: row.customer_id,
    rejectReason: row.reject_reason,
  };
}

function applicantFields(input: RetailerRequestInput) {
  return {
    store_name: input.storeName,
    owner_name: input.ownerName,
    email: input.email.toLowerCase(),
    phone: normalizeEmailPhone(input.phone),
    address: input.address || null,
    city: input.city || null,
    state: input.state || null,
    zip: input.zip || null,
    notes: input.notes || null,
  };
}

/** An address already signing in, or already waiting in another open request, is refused (409). */
async function checkAddresses(db: DbOrTrx, email: string, phone: string, exceptId?: string): Promise<void> {
  if (await accountExists(db, email, phone)) throw conflict(REQUEST_MESSAGES.accountExists);
  if (await findOpenRequestByAddress(db, email, phone, exceptId)) throw conflict(REQUEST_MESSAGES.requestOpen);
}

const decidedError = (status: 'approved' | 'rejected') => conflict(REQUEST_MESSAGES.alreadyDecided(status));

/** Staff add a request (pending at once: staff vouch for the address). The applicant has no password yet. */
export async function addRequest(db: Db, actor: Actor, input: RetailerRequestInput): Promise<RequestDetail> {
  const fields = applicantFields(input);
  await checkAddresses(db, fields.email, fields.phone);
  const id = newId();
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await insertRequest(trx, {
      id,
      distributor_id: actor.distributorId,
      ...fields,
      password_hash: null,
      status: 'pending',
      customer_id: null,
      verified_at: null,
      reviewed_by_user_id: null,
      reviewed_at: null,
      created_at: at,
      reject_reason: null,
      created_by_user_id: actor.userId,
      updated_at: at,
    });
    const row = await findOwnRequest(trx, actor, id);
    await audit(trx, actor, id, 'created', null, auditView(row));
  });
  return getRequest(db, actor, id);
}

/** Staff correct a pending request. */
export async function editRequest(db: Db, actor: Actor, id: string, input: RetailerRequestInput): Promise<RequestDetail> {
  const before = await findOwnRequest(db, actor, id);
  if (before.status === 'approved' || before.status === 'rejected') throw decidedError(before.status);
  if (before.status !== 'pending') throw conflict(REQUEST_MESSAGES.editOnlyPending);
  const fields = applicantFields(input);
  await checkAddresses(db, fields.email, fields.phone, id);
  await db.transaction().execute(async (trx) => {
    if (!(await updateRequestIf(trx, actor.distributorId, id, 'pending', { ...fields, updated_at: nowIso() }))) {
      throw await refusalFor(trx, actor, id);
    }
    await audit(trx, actor, id, 'updated', auditView(before), auditView(await findOwnRequest(trx, actor, id)));
  });
  return getRequest(db, actor, id);
}

/** Why a request can no longer be changed: decided (409), or no longer pending. */
async function refusalFor(db: DbOrTrx, actor: Actor, id: string): Promise<AppError> {
  const now = await findOwnRequest(db, actor, id);
  if (now.status === 'approved' || now.status === 'rejected') return decidedError(now.status);
  return conflict(REQUEST_MESSAGES.editOnlyPending);
}

/**
 * Approval: the store (with the C_Number and terms staff set) and its retailer user, in one
 * transaction with the request's decision, so a refused step (C_Number taken: 409, unknown rep: 400,
 * address now in use: 409, already decided: 409) leaves nothing behind. The applicant is told after
 * the commit and can sign in at once.
 */
export async function approveRequest(
  ctx: RequestsContext,
  actor: Actor,
  id: string,
  terms: ApproveRequestInput,
): Promise<RequestDetail> {
  const { db } = ctx;
  const before = await findOwnRequest(db, actor, id);
  if (before.status === 'approved' || before.status === 'rejected') throw decidedError(before.status);
  if (before.status !== 'pending') throw conflict(REQUEST_MESSAGES.notVerified);
  if (await accountExists(db, before.email, before.phone)) throw conflict(REQUEST_MESSAGES.accountExists);
  const passwordHash = await findPasswordHash(db, id);
  const at = nowIso();
  const customerId = await db.transaction().execute(async (trx) => {
    const storeId = await createStoreInTransaction(trx, actor.distributorId, {
      ...terms,
      companyName: before.store_name,
      contactName: before.owner_name,
      address: before.address,
      city: before.city,
      state: before.state,
      zip: before.zip,
      phone: before.phone,
      email: before.email,
      notes: before.notes,
    });
    await refuseOnUniqueViolation(
      () =>
        createRetailerUser(trx, {
          distributorId: actor.distributorId,
          customerId: storeId,
          name: before.owner_name,
          email: before.email,
          phone: before.phone,
          passwordHash,
        }),
      () => conflict(REQUEST_MESSAGES.accountExists),
    );
    const decided = await updateRequestIf(trx, actor.distributorId, id, 'pending', {
      status: 'approved',
      customer_id: storeId,
      reviewed_by_user_id: actor.userId,
      reviewed_at: at,
      updated_at: at,
    });
    if (!decided) throw await refusalFor(trx, actor, id);
    await audit(trx, actor, id, 'approved', auditView(before), {
      ...auditView(await findOwnRequest(trx, actor, id)),
      C_Number: terms.cNumber,
    });
    return storeId;
  });
  await queueMessage(ctx, {
    channel: 'email',
    recipient: before.email,
    sender: await emailSenderOf(db, actor.distributorId),
    subject: 'Your store account is approved',
    body: approvalText(ctx.config.publicUrl, before, terms.cNumber, Boolean(passwordHash)),
  });
  await notifySignupApproved(db, {
    distributorId: actor.distributorId,
    customerId,
    storeName: before.store_name,
    cNumber: terms.cNumber,
  });
  return getRequest(db, actor, id);
}

function approvalText(publicUrl: string, req: RequestDbRow, cNumber: string, hasPassword: boolean): string {
  const base = publicUrl.replace(/\/+$/, '');
  const signIn = hasPassword
    ? `Sign in at ${base}/loginPassword with ${req.email} and the password you chose, or at ${base}/login with a one-time code sent to your email.`
    : `Sign in at ${base}/login with ${req.email}: we will send you a one-time code.`;
  return `Hello ${req.owner_name}, ${req.store_name} is approved: your customer number is ${cNumber}. ${signIn} You can order right away.`;
}

/** Rejection with the reason, which the applicant receives. An unverified request can be rejected too. */
export async function rejectRequest(ctx: RequestsContext, actor: Actor, id: string, reason: string): Promise<RequestDetail> {
  const { db } = ctx;
  const before = await findOwnRequest(db, actor, id);
  if (before.status === 'approved' || before.status === 'rejected') throw decidedError(before.status);
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const decided = await updateRequestIf(trx, actor.distributorId, id, before.status, {
      status: 'rejected',
      reject_reason: reason,
      reviewed_by_user_id: actor.userId,
      reviewed_at: at,
      updated_at: at,
    });
    if (!decided) throw await refusalFor(trx, actor, id);
    await audit(trx, actor, id, 'rejected', auditView(before), auditView(await findOwnRequest(trx, actor, id)));
  });
  await queueMessage(ctx, {
    channel: 'email',
    recipient: before.email,
    sender: await emailSenderOf(db, actor.distributorId),
    subject: 'Your sign-up request was not approved',
    body: `Hello ${before.owner_name}, we are sorry: the sign-up request for ${before.store_name} was not approved. Reason: ${reason}`,
  });
  return getRequest(db, actor, id);
}

/** One audit entry, written in the change's own transaction. */
function audit(
  trx: DbOrTrx,
  actor: Actor,
  id: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  return recordAudit(trx, {
    distributorId: actor.distributorId,
    entityType: 'retailer_request',
    entityId: id,
    action,
    actor: { userId: actor.userId, name: actor.name },
    before,
    after,
  });
}

/** GET …/:requestId/audit: the request's history (404 when it is not this distributor's). */
export async function requestAuditTrail(
  db: Db,
  actor: Actor,
  id: string,
  page: { page: number; limit: number },
): Promise<AuditTrail> {
  await findOwnRequest(db, actor, id);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'retailer_request', entityId: id, ...page });
}

// The dashboard's request figures (modules/dashboard): see request-stats.repository.ts.
export { pendingRequestCounts } from './request-stats.repository.ts';
