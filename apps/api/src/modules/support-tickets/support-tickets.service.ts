// Support tickets (issue 16 §3). A store opens a ticket (its retailer, or a sales rep for the working
// customer): subject, category, first message, files. Both sides add messages to the thread; a store
// message makes the ticket open (waiting for staff, reopening a resolved one), a staff reply makes it
// pending (waiting for the store) unless staff choose another status. Staff assign it and change its
// status; each staff change is audited with the change, in one transaction. Every reply is e-mailed to
// the store through the outbox. Who sees a ticket: its customer's retailer, the rep working that
// customer (the sales binding checks the rep's assignment) and the distributor's staff; anyone else
// gets 404 (the ticket is looked up within the caller's customer or distributor). Files are stored
// through the media service under private keys and read back only through these rules.
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { resolveSorting } from '@portal/shared/api/sort';
import type { AuditTrail } from '@portal/shared/audit/audit.schemas';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  TICKET_DEFAULT_SORT,
  TICKET_MESSAGES,
  TICKET_STATUS_LABELS,
  TICKET_CATEGORY_LABELS,
  statusAfterMessage,
  ticketLabel,
  type AttachmentContentType,
  type AuthorSide,
  type NewTicketInput,
  type StaffReplyInput,
  type StoreReplyInput,
  type TicketAttachment,
  type TicketCategory,
  type TicketDetail,
  type TicketList,
  type TicketRow,
  type TicketStatus,
  type storeTicketListQuery,
  type ticketListQuery,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { now, nowIso } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { queueMessage } from '../../platform/messaging/outbox.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { readPrivateFile, savePrivateFile, type StoredMedia } from '../media/media.service.ts';
import { notifyTicketReply } from '../notifications/notifications.service.ts';

import {
  claimAttachments,
  findActiveStaff,
  findTicket,
  findTicketAttachment,
  insertAttachment,
  insertMessage,
  insertTicket,
  listMessages,
  listStaff,
  listTicketAttachments,
  listTickets,
  nextTicketNumber,
  recordMessageOnTicket,
  storeEmails,
  updateTicket,
  type AttachmentDbRow,
  type TicketDbRow,
} from './support-tickets.repository.ts';

export interface TicketsContext {
  db: Db;
  config: Pick<Config, 'mode' | 'smtpUrl' | 'publicUrl' | 'media'>;
  log: FastifyBaseLogger;
}

/** The store's side of a call: who acts, and the customer (own store, or the rep's bound customer). */
export interface StoreCaller {
  actor: Actor;
  customerId: string;
}

const DAY_MS = 24 * 60 * 60_000;

function toRow(row: TicketDbRow): TicketRow {
  return {
    id: row.id,
    number: Number(row.number),
    subject: row.subject,
    category: row.category as TicketCategory,
    status: row.status,
    store: { id: row.customer_id, name: row.store_name, C_Number: row.c_number },
    openedBy: { name: row.opener_name, role: row.opener_role },
    assignee: row.assignee_user_id ? { id: row.assignee_user_id, name: row.assignee_name ?? '' } : null,
    messageCount: Number(row.message_count),
    lastSide: row.last_side,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const toAttachment = (a: AttachmentDbRow): TicketAttachment => ({
  id: a.id,
  fileName: a.file_name,
  contentType: a.content_type as AttachmentContentType,
  bytes: Number(a.bytes),
});

async function detailOf(db: DbOrTrx, row: TicketDbRow): Promise<TicketDetail> {
  const [messages, files] = await Promise.all([listMessages(db, row.id), listTicketAttachments(db, row.id)]);
  return {
    ...toRow(row),
    resolvedAt: row.resolved_at,
    messages: messages.map((m) => ({
      id: m.id,
      side: m.side,
      author: { name: m.author_name, role: m.author_role },
      body: m.body,
      createdAt: m.created_at,
      attachments: files.filter((f) => f.message_id === m.id).map(toAttachment),
    })),
  };
}

// ---- the store's side (retailer, or rep for the working customer) ----

async function storeTicket(db: DbOrTrx, caller: StoreCaller, ticketId: string): Promise<TicketDbRow> {
  const row = await findTicket(db, { distributorId: caller.actor.distributorId, customerId: caller.customerId, ticketId });
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row;
}

export async function listStoreTickets(
  db: Db,
  caller: StoreCaller,
  query: z.output<typeof storeTicketListQuery>,
): Promise<TicketList> {
  const { rows, total } = await listTickets(
    db,
    { distributorId: caller.actor.distributorId, customerId: caller.customerId, status: query.status },
    TICKET_DEFAULT_SORT,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toRow), total, page: query.page, limit: query.limit };
}

export async function getStoreTicket(db: Db, caller: StoreCaller, ticketId: string): Promise<TicketDetail> {
  return detailOf(db, await storeTicket(db, caller, ticketId));
}

/** Adds a message and gives it its files; refuses (and so rolls back) when a file is not the author's to give. */
async function addMessage(
  trx: DbOrTrx,
  ticket: { id: string; distributorId: string },
  author: { userId: string; side: AuthorSide },
  text: { body: string; attachmentIds: readonly string[] },
  at: string,
): Promise<void> {
  const messageId = newId();
  await insertMessage(trx, {
    id: messageId,
    ticket_id: ticket.id,
    author_user_id: author.userId,
    body: text.body,
    created_at: at,
    side: author.side,
  });
  const ids = [...new Set(text.attachmentIds)];
  const taken = await claimAttachments(trx, ids, {
    uploaderId: author.userId,
    distributorId: ticket.distributorId,
    ticketId: ticket.id,
    messageId,
  });
  if (taken !== ids.length)
    throw badRequest(TICKET_MESSAGES.attachmentUnavailable, { attachmentIds: TICKET_MESSAGES.attachmentUnavailable });
}

export async function openTicket(db: Db, caller: StoreCaller, input: NewTicketInput): Promise<TicketDetail> {
  const { actor } = caller;
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    await insertTicket(trx, {
      id,
      distributor_id: actor.distributorId,
      customer_id: caller.customerId,
      user_id: actor.userId,
      subject: input.subject,
      status: 'open',
      priority: 'normal',
      created_at: at,
      updated_at: at,
      number: await nextTicketNumber(trx, actor.distributorId),
      category: input.category,
      assignee_user_id: null,
      last_side: 'store',
      message_count: 1,
      resolved_at: null,
    });
    await addMessage(
      trx,
      { id, distributorId: actor.distributorId },
      { userId: actor.userId, side: 'store' },
      {
        body: input.message,
        attachmentIds: input.attachmentIds,
      },
      at,
    );
  });
  return getStoreTicket(db, caller, id);
}

export async function storeReply(db: Db, caller: StoreCaller, ticketId: string, input: StoreReplyInput): Promise<TicketDetail> {
  await db.transaction().execute(async (trx) => {
    const ticket = await storeTicket(trx, caller, ticketId);
    const at = nowIso();
    await addMessage(
      trx,
      { id: ticket.id, distributorId: ticket.distributor_id },
      { userId: caller.actor.userId, side: 'store' },
      {
        body: input.message,
        attachmentIds: input.attachmentIds,
      },
      at,
    );
    await recordMessageOnTicket(trx, ticket.id, { side: 'store', status: statusAfterMessage('store'), at });
  });
  return getStoreTicket(db, caller, ticketId);
}

export async function storeAttachment(ctx: TicketsContext, caller: StoreCaller, ticketId: string, attachmentId: string) {
  const ticket = await storeTicket(ctx.db, caller, ticketId);
  return attachmentFile(ctx, ticket.id, attachmentId);
}

// ---- uploads (both sides) ----

const ATTACHMENT_RULE = {
  accepted: ATTACHMENT_CONTENT_TYPES,
  maxBytes: ATTACHMENT_MAX_BYTES,
  messages: {
    noFile: TICKET_MESSAGES.noFile,
    wrongType: TICKET_MESSAGES.wrongType,
    tooLarge: TICKET_MESSAGES.tooLarge,
    damaged: TICKET_MESSAGES.damaged,
  },
};

/** A file name fit to show and to send back in Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string, contentType: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(-120);
  if (base) return base;
  return contentType === 'application/pdf' ? 'document.pdf' : 'image';
}

/** Stores an uploaded file for the user's next message (it stays theirs alone until a message takes it). */
export async function uploadAttachment(
  ctx: TicketsContext,
  actor: Actor,
  file: { bytes: Buffer; fileName: string },
): Promise<TicketAttachment> {
  const saved = await savePrivateFile(ctx.config, file.bytes, ATTACHMENT_RULE);
  const row = {
    id: newId(),
    distributor_id: actor.distributorId,
    uploaded_by_user_id: actor.userId,
    ticket_id: null,
    message_id: null,
    storage_key: saved.key,
    file_name: cleanFileName(file.fileName, saved.contentType),
    content_type: saved.contentType,
    bytes: saved.bytes,
    created_at: nowIso(),
  };
  await insertAttachment(ctx.db, row);
  return toAttachment(row);
}

export interface AttachmentFile {
  media: StoredMedia;
  fileName: string;
  contentType: string;
}

async function attachmentFile(ctx: TicketsContext, ticketId: string, attachmentId: string): Promise<AttachmentFile> {
  const row = await findTicketAttachment(ctx.db, ticketId, attachmentId);
  const media = row ? await readPrivateFile(ctx.config, row.storage_key) : null;
  if (!row || !media) throw notFound(TICKET_MESSAGES.attachmentNotFound);
  return { media, fileName: row.file_name, contentType: row.content_type };
}

// ---- the office ----

async function officeTicket(db: DbOrTrx, actor: Actor, ticketId: string): Promise<TicketDbRow> {
  const row = await findTicket(db, { distributorId: actor.distributorId, ticketId });
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row;
}

export async function listOfficeTickets(db: Db, actor: Actor, query: z.output<typeof ticketListQuery>): Promise<TicketList> {
  const sorting = resolveSorting(TICKET_DEFAULT_SORT, query.sort, query.dir);
  const assignee = query.assignee === 'none' ? null : query.assignee === 'me' ? actor.userId : query.assignee || undefined;
  const { rows, total } = await listTickets(
    db,
    {
      distributorId: actor.distributorId,
      status: query.status,
      assigneeUserId: assignee,
      store: query.store || undefined,
      openedBefore: query.olderThanDays ? new Date(now().getTime() - query.olderThanDays * DAY_MS).toISOString() : undefined,
    },
    sorting,
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toRow), total, page: query.page, limit: query.limit };
}

export async function getOfficeTicket(db: Db, actor: Actor, ticketId: string): Promise<TicketDetail> {
  return detailOf(db, await officeTicket(db, actor, ticketId));
}

export function assigneeChoices(db: Db, actor: Actor) {
  return listStaff(db, actor.distributorId);
}

/** The fields of a ticket the audit trail compares. */
const audited = (t: { status: TicketStatus; assignee: string | null }) => ({ status: t.status, assignee: t.assignee });

export async function staffReply(
  ctx: TicketsContext,
  actor: Actor,
  ticketId: string,
  input: StaffReplyInput,
): Promise<TicketDetail> {
  const { db } = ctx;
  const ticket = await db.transaction().execute(async (trx) => {
    const row = await officeTicket(trx, actor, ticketId);
    const at = nowIso();
    const status = statusAfterMessage('staff', input.status);
    await addMessage(
      trx,
      { id: row.id, distributorId: row.distributor_id },
      { userId: actor.userId, side: 'staff' },
      {
        body: input.message,
        attachmentIds: input.attachmentIds,
      },
      at,
    );
    await recordMessageOnTicket(trx, row.id, { side: 'staff', status, at });
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'support_ticket',
      entityId: row.id,
      action: 'replied',
      actor: { userId: actor.userId, name: actor.name },
      before: audited({ status: row.status, assignee: row.assignee_name }),
      after: audited({ status, assignee: row.assignee_name }),
    });
    return row;
  });
  await tellStore(ctx, ticket, actor.name, input.message);
  if (ticket.customer_id) {
    await notifyTicketReply(db, {
      distributorId: ticket.distributor_id,
      customerId: ticket.customer_id,
      label: ticketLabel(Number(ticket.number)),
      subject: ticket.subject,
      staffName: actor.name,
      message: input.message,
    });
  }
  return getOfficeTicket(db, actor, ticketId);
}

/** E-mails the store's users that staff answered (after the commit: a stored reply is never unsent). */
async function tellStore(ctx: TicketsContext, ticket: TicketDbRow, staffName: string, message: string): Promise<void> {
  const recipients = await storeEmails(ctx.db, ticket.customer_id);
  const label = ticketLabel(Number(ticket.number));
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/retailer/contact`;
  for (const recipient of recipients) {
    await queueMessage(ctx, {
      channel: 'email',
      recipient,
      subject: `Reply to your ticket ${label}: ${ticket.subject}`,
      body: [
        `${staffName} replied to your support ticket ${label} (${TICKET_CATEGORY_LABELS[ticket.category as TicketCategory] ?? ticket.category}):`,
        '',
        message,
        '',
        `Read the conversation and answer on your Contact Us page: ${link}`,
      ].join('\n'),
    });
  }
}

export async function assignTicket(db: Db, actor: Actor, ticketId: string, assigneeUserId: string | null): Promise<TicketDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await officeTicket(trx, actor, ticketId);
    const assignee = assigneeUserId ? await findActiveStaff(trx, actor.distributorId, assigneeUserId) : null;
    if (assigneeUserId && !assignee)
      throw badRequest(TICKET_MESSAGES.assigneeNotFound, { assigneeUserId: TICKET_MESSAGES.assigneeNotFound });
    if ((assignee?.id ?? null) === row.assignee_user_id) return; // nothing changes, nothing is recorded
    await updateTicket(trx, row.id, { assignee_user_id: assignee?.id ?? null, updated_at: nowIso() });
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'support_ticket',
      entityId: row.id,
      action: assignee ? 'assigned' : 'unassigned',
      actor: { userId: actor.userId, name: actor.name },
      before: audited({ status: row.status, assignee: row.assignee_name }),
      after: audited({ status: row.status, assignee: assignee?.name ?? null }),
    });
  });
  return getOfficeTicket(db, actor, ticketId);
}

export async function changeTicketStatus(db: Db, actor: Actor, ticketId: string, status: TicketStatus): Promise<TicketDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await officeTicket(trx, actor, ticketId);
    if (row.status === status) throw badRequest(TICKET_MESSAGES.statusUnchanged(TICKET_STATUS_LABELS[status]));
    const at = nowIso();
    await updateTicket(trx, row.id, { status, updated_at: at, resolved_at: status === 'resolved' ? at : null });
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'support_ticket',
      entityId: row.id,
      action: `status:${status}`,
      actor: { userId: actor.userId, name: actor.name },
      before: audited({ status: row.status, assignee: row.assignee_name }),
      after: audited({ status, assignee: row.assignee_name }),
    });
  });
  return getOfficeTicket(db, actor, ticketId);
}

export async function officeAttachment(ctx: TicketsContext, actor: Actor, ticketId: string, attachmentId: string) {
  const ticket = await officeTicket(ctx.db, actor, ticketId);
  return attachmentFile(ctx, ticket.id, attachmentId);
}

/** The ticket's staff changes: replies (with the status they set), assignments, status changes. */
export async function ticketAuditTrail(
  db: Db,
  actor: Actor,
  ticketId: string,
  page: { page: number; limit: number },
): Promise<AuditTrail> {
  const ticket = await officeTicket(db, actor, ticketId);
  return auditTrail(db, { distributorId: actor.distributorId, entityType: 'support_ticket', entityId: ticket.id, ...page });
}

// The dashboard's ticket figures (modules/dashboard): see ticket-stats.repository.ts.
export { ticketCounts } from './ticket-stats.repository.ts';
