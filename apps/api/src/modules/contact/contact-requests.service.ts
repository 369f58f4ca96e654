// The office's review of contact requests (issue 16 §3): list them (filters, paging), mark one handled,
// convert one into a sign-up request (modules/retailer-requests' addRequest, which needs the Retailer
// Requests add permission as well), or convert a store's message into a support ticket
// (modules/support-tickets' openTicket, in the name of the retailer user who wrote it). A request is reviewed once: new → handled or converted;
// each review is audited in its own transaction.
import {
  CONTACT_REQUEST_MESSAGES,
  type ContactRequestList,
  type ContactRequestRow,
  type contactRequestListQuery,
  type contactTicketBody,
} from '@portal/shared/contact/contact-requests.schemas';
import type { RetailerRequestInput } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { hasPermission, type Actor } from '../../platform/auth/actor.ts';
import { nowIso } from '../../platform/clock.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { addRequest } from '../retailer-requests/retailer-requests.service.ts';
import { openTicket } from '../support-tickets/support-tickets.service.ts';
import {
  findContactRequest,
  findContactRequestRow,
  listContactRequests,
  reviewIfNew,
  updateContactRequest,
  type ContactRequestDbRow,
} from './contact-requests.repository.ts';

function toRow(r: ContactRequestDbRow): ContactRequestRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    storeName: r.store_name,
    message: r.message,
    source: r.customer_id ? 'store' : 'public',
    store: r.customer_id ? { id: r.customer_id, C_Number: r.c_number ?? '' } : null,
    status: r.status ?? 'new',
    createdAt: r.created_at,
    handledAt: r.handled_at ?? null,
    handledBy: r.handled_by_name == null ? null : { id: r.handled_by_user_id ?? null, name: r.handled_by_name },
    retailerRequestId: r.retailer_request_id ?? null,
    ticketId: r.ticket_id ?? null,
  };
}

export async function listContactRequestRows(
  db: Db,
  actor: Actor,
  query: z.output<typeof contactRequestListQuery>,
): Promise<ContactRequestList> {
  const { rows, total } = await listContactRequests(
    db,
    { distributorId: actor.distributorId, status: query.status, source: query.source, search: query.search || undefined },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toRow), total, page: query.page, limit: query.limit };
}

async function oneRow(db: DbOrTrx, actor: Actor, id: string): Promise<ContactRequestRow> {
  const row = await findContactRequestRow(db, actor.distributorId, id);
  if (!row) throw notFound(CONTACT_REQUEST_MESSAGES.notFound);
  return toRow(row);
}

/** The request of this distributor that is still new (404 another's or unknown, 409 already reviewed). */
async function newRequest(db: DbOrTrx, actor: Actor, id: string) {
  const row = await findContactRequest(db, actor.distributorId, id);
  if (!row) throw notFound(CONTACT_REQUEST_MESSAGES.notFound);
  if (row.status && row.status !== 'new') throw conflict(CONTACT_REQUEST_MESSAGES.notNew(row.status));
  return row;
}

const audited = (actor: Actor, id: string, action: string, after: Record<string, unknown>) => ({
  distributorId: actor.distributorId,
  entityType: 'contact_request' as const,
  entityId: id,
  action,
  actor: { userId: actor.userId, name: actor.name },
  before: { status: 'new' },
  after,
});

export async function markContactRequestHandled(db: Db, actor: Actor, id: string): Promise<ContactRequestRow> {
  await newRequest(db, actor, id);
  await db.transaction().execute(async (trx) => {
    const done = await reviewIfNew(trx, actor.distributorId, id, {
      status: 'handled',
      handled_by_user_id: actor.userId,
      handled_at: nowIso(),
      retailer_request_id: null,
      ticket_id: null,
    });
    if (!done) await newRequest(trx, actor, id); // throws the 409 of whoever came first
    await recordAudit(trx, audited(actor, id, 'handled', { status: 'handled' }));
  });
  return oneRow(db, actor, id);
}

/** A claimed request is new again (the conversion it was claimed for was refused). */
function giveBack(db: Db, actor: Actor, id: string) {
  return updateContactRequest(db, actor.distributorId, id, {
    status: 'new',
    handled_by_user_id: null,
    handled_at: null,
    retailer_request_id: null,
    ticket_id: null,
  });
}

/**
 * A sign-up request made from the contact request (staff confirm the applicant's details in the form),
 * with the same checks as adding one in the office (an address in use → 409). Needs the Retailer Requests
 * add permission too. The contact request is claimed first (new → converted, so two staff cannot both
 * convert it), then the sign-up request is added in its own transaction; if that is refused the claim is
 * given back, so a failure leaves the contact request new and no sign-up request behind.
 */
export async function convertToSignupRequest(
  db: Db,
  actor: Actor,
  id: string,
  input: RetailerRequestInput,
): Promise<ContactRequestRow> {
  if (!(await hasPermission(actor, db, 'Retailer Requests', 'add'))) {
    throw forbidden('You do not have add permission for Retailer Requests');
  }
  await newRequest(db, actor, id);
  const at = nowIso();
  const claim = {
    status: 'converted' as const,
    handled_by_user_id: actor.userId,
    handled_at: at,
    retailer_request_id: null,
    ticket_id: null,
  };
  if (!(await reviewIfNew(db, actor.distributorId, id, claim))) await newRequest(db, actor, id);
  let requestId: string;
  try {
    requestId = (await addRequest(db, actor, input)).id;
  } catch (err) {
    await giveBack(db, actor, id);
    throw err;
  }
  await db.transaction().execute(async (trx) => {
    await updateContactRequest(trx, actor.distributorId, id, { ...claim, retailer_request_id: requestId });
    await recordAudit(trx, audited(actor, id, 'converted', { status: 'converted', retailerRequestId: requestId }));
  });
  return oneRow(db, actor, id);
}

/**
 * A store's message (sent signed in from /retailer/contact) becomes a support ticket of that store: the
 * subject and category staff choose, the message as its first message, opened in the name of the
 * retailer user who wrote it (the thread shows the store's words as the store's). A message from the
 * public form has no store: 409, convert it into a sign-up request instead. Claimed first and given back
 * on a refusal, as the sign-up conversion is.
 */
export async function convertToTicket(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof contactTicketBody>,
): Promise<ContactRequestRow> {
  const row = await newRequest(db, actor, id);
  if (!row.customer_id || !row.user_id) throw conflict(CONTACT_REQUEST_MESSAGES.ticketNeedsStore);
  const sender: Actor = {
    userId: row.user_id,
    sessionId: '',
    role: 'retailer',
    name: row.name,
    distributorId: actor.distributorId,
    customerId: row.customer_id,
    salesRepId: null,
    currentCustomerId: null,
    distributorRoleId: null,
  };
  const claim = {
    status: 'converted' as const,
    handled_by_user_id: actor.userId,
    handled_at: nowIso(),
    retailer_request_id: null,
    ticket_id: null,
  };
  if (!(await reviewIfNew(db, actor.distributorId, id, claim))) await newRequest(db, actor, id);
  let ticketId: string;
  try {
    const ticket = await openTicket(
      db,
      { actor: sender, customerId: row.customer_id },
      { subject: input.subject, category: input.category, message: row.message, attachmentIds: [] },
    );
    ticketId = ticket.id;
  } catch (err) {
    await giveBack(db, actor, id);
    throw err;
  }
  await db.transaction().execute(async (trx) => {
    await updateContactRequest(trx, actor.distributorId, id, { ...claim, ticket_id: ticketId });
    await recordAudit(trx, audited(actor, id, 'converted', { status: 'converted', ticketId }));
  });
  return oneRow(db, actor, id);
}
