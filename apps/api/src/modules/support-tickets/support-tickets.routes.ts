// Support tickets (issue 16 §3). The store's side, once for the retailer (own store) and once for the
// sales rep (the working customer: x-customer-id, bound by the sales service), from one registrar:
//   GET  /{retailer|sales}/support-tickets                              the store's tickets, newest activity first
//   POST /{retailer|sales}/support-tickets                              open one: subject, category, message, files
//   GET  /{retailer|sales}/support-tickets/:ticketId                    the thread
//   POST /{retailer|sales}/support-tickets/:ticketId/messages           reply (the ticket becomes open)
//   POST /{retailer|sales}/support-tickets/attachments                  upload one file for the next message
//   GET  /{retailer|sales}/support-tickets/:ticketId/attachments/:attachmentId   a file of the thread
// The office (module Support Tickets: view to read, edit to reply, assign, change status and upload):
//   GET  /admin/support-tickets                      filtered by status, assignee, store, age; sorted, paged
//   GET  /admin/support-tickets/assignees            the staff users a ticket can be assigned to
//   GET  /admin/support-tickets/:ticketId            the thread
//   POST /admin/support-tickets/:ticketId/messages   reply (pending unless another status is chosen); e-mails the store
//   PUT  /admin/support-tickets/:ticketId/assignee   assign to a staff user, or unassign (null)
//   PUT  /admin/support-tickets/:ticketId/status     open, pending or resolved
//   GET  /admin/support-tickets/:ticketId/audit      who changed what, when
//   POST /admin/support-tickets/attachments          upload one file for the next reply
//   GET  /admin/support-tickets/:ticketId/attachments/:attachmentId
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import { CUSTOMER_ID_HEADER, CUSTOMER_NUMBER_HEADER } from '@portal/shared/sales/sales.schemas';
import {
  ATTACHMENT_MAX_BYTES,
  TICKET_MESSAGES,
  assigneeListResponse,
  attachmentSchema,
  newTicketBody,
  staffReplyBody,
  storeReplyBody,
  storeTicketListQuery,
  ticketAssigneeBody,
  ticketDetailSchema,
  ticketListQuery,
  ticketListResponse,
  ticketStatusBody,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { access, type Access } from '../../platform/auth/access.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { retailerBuyer } from '../../platform/buyer-context.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { acceptMultipartBodies, firstFilePart, type UploadRule } from '../media/media.service.ts';
import { bindCustomer } from '../sales/sales.service.ts';
import {
  assignTicket,
  assigneeChoices,
  changeTicketStatus,
  getOfficeTicket,
  getStoreTicket,
  listOfficeTickets,
  listStoreTickets,
  officeAttachment,
  openTicket,
  staffReply,
  storeAttachment,
  storeReply,
  ticketAuditTrail,
  uploadAttachment,
  type AttachmentFile,
  type StoreCaller,
  type TicketsContext,
} from './support-tickets.service.ts';

const MODULE = 'Support Tickets';
// Any text: a ticket that is not the caller's to see is answered 404 by the service.
const ticketParams = z.object({ ticketId: z.string().min(1).max(64) });
const attachmentParams = ticketParams.extend({ attachmentId: z.string().min(1).max(64) });

const UPLOAD_RULE: UploadRule = {
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', TICKET_MESSAGES.tooLarge),
  unreadable: () => badRequest(TICKET_MESSAGES.unreadableUpload),
};

/** The one file of a multipart upload, with the name the browser gave it. */
async function uploadedFile(request: FastifyRequest) {
  const contentType = request.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(request.body) || !/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', TICKET_MESSAGES.notMultipart);
  }
  const file = await firstFilePart(request.body, contentType, UPLOAD_RULE);
  if (!file) throw badRequest(TICKET_MESSAGES.noFile);
  return file;
}

/** A thread's file as stored: its type, shown inline under its (cleaned) name; never cached (no-store). */
function sendFile(reply: FastifyReply, file: AttachmentFile) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(file.contentType)
    .header('content-length', file.media.bytes)
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.media.body);
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The store's routes under one prefix: `caller` says whose customer the request acts for (the retailer's
 * own store, or the rep's bound working customer), so the binding is visible where the routes are declared.
 */
function storeRoutes(
  app: FastifyInstance,
  area: { prefix: '/retailer' | '/sales'; rule: Access; tag: string; caller: (request: FastifyRequest) => Promise<StoreCaller> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const ctx = (request: FastifyRequest): TicketsContext => ({ db, config, log: request.log });
  const base = `${area.prefix}/support-tickets`;
  const config_ = { access: area.rule };
  const tags = [area.tag];

  r.get(
    base,
    {
      config: config_,
      schema: {
        tags,
        summary: "The store's support tickets, newest activity first",
        querystring: storeTicketListQuery,
        response: { 200: envelope(ticketListResponse) },
      },
    },
    async (request) => ok(await listStoreTickets(db, await area.caller(request), request.query), TICKET_MESSAGES.listed),
  );

  r.post(
    base,
    {
      config: config_,
      schema: {
        tags,
        summary: 'Open a support ticket: subject, category, the first message and up to 5 uploaded files',
        body: newTicketBody,
        response: { 201: envelope(ticketDetailSchema) },
      },
    },
    async (request, reply) => {
      const created = await openTicket(db, await area.caller(request), request.body);
      return reply.status(201).send(ok(created, TICKET_MESSAGES.created));
    },
  );

  r.post(
    `${base}/attachments`,
    {
      config: config_,
      schema: {
        tags,
        summary:
          'Upload one file (multipart/form-data: JPEG, PNG, WebP, GIF or PDF by its bytes, at most 5 MB) for the next message',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(attachmentSchema) },
      },
    },
    async (request, reply) => {
      const caller = await area.caller(request);
      const saved = await uploadAttachment(ctx(request), caller.actor, await uploadedFile(request));
      return reply.status(201).send(ok(saved, TICKET_MESSAGES.attachmentUploaded));
    },
  );

  r.get(
    `${base}/:ticketId`,
    {
      config: config_,
      schema: {
        tags,
        summary: 'A support ticket and its messages',
        params: ticketParams,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) => ok(await getStoreTicket(db, await area.caller(request), request.params.ticketId), TICKET_MESSAGES.fetched),
  );

  r.post(
    `${base}/:ticketId/messages`,
    {
      config: config_,
      schema: {
        tags,
        summary: 'Reply on a ticket (it becomes open: waiting for the office)',
        params: ticketParams,
        body: storeReplyBody,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) =>
      ok(await storeReply(db, await area.caller(request), request.params.ticketId, request.body), TICKET_MESSAGES.replied),
  );

  r.get(
    `${base}/:ticketId/attachments/:attachmentId`,
    { config: config_, schema: { tags, summary: 'A file of the ticket’s thread', params: attachmentParams } },
    async (request, reply) => {
      const { ticketId, attachmentId } = request.params;
      return sendFile(reply, await storeAttachment(ctx(request), await area.caller(request), ticketId, attachmentId));
    },
  );
}

export async function supportTicketsRoutes(app: FastifyInstance): Promise<void> {
  acceptMultipartBodies(app, UPLOAD_RULE); // in this plugin's scope: the three upload routes
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const ctx = (request: FastifyRequest): TicketsContext => ({ db, config, log: request.log });

  storeRoutes(app, {
    prefix: '/retailer',
    rule: access.retailer,
    tag: 'retailer',
    caller: async (request) => {
      const actor = requireActor(request);
      return { actor, customerId: retailerBuyer(actor).customerId };
    },
  });
  storeRoutes(app, {
    prefix: '/sales',
    rule: access.salesCustomer,
    tag: 'sales',
    caller: async (request) => {
      const actor: Actor = requireActor(request);
      const customer = await bindCustomer(db, actor, {
        headerCustomerId: header(request, CUSTOMER_ID_HEADER),
        headerCustomerNumber: header(request, CUSTOMER_NUMBER_HEADER),
      });
      return { actor, customerId: customer.id };
    },
  });

  const view = { access: access.module(MODULE, 'view') };
  const edit = { access: access.module(MODULE, 'edit') };
  const tags = ['admin'];
  const base = '/admin/support-tickets';

  r.get(
    base,
    {
      config: view,
      schema: {
        tags,
        summary:
          'Support tickets: by status (active by default), assignee (a user id, me, none), store (name or C_Number) and age; sorted, paged',
        querystring: ticketListQuery,
        response: { 200: envelope(ticketListResponse) },
      },
    },
    async (request) => ok(await listOfficeTickets(db, requireActor(request), request.query), TICKET_MESSAGES.listed),
  );

  r.get(
    `${base}/assignees`,
    {
      config: view,
      schema: {
        tags,
        summary: 'Active staff users a ticket can be assigned to',
        response: { 200: envelope(assigneeListResponse) },
      },
    },
    async (request) => ok(await assigneeChoices(db, requireActor(request))),
  );

  r.post(
    `${base}/attachments`,
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Upload one file (multipart/form-data: JPEG, PNG, WebP, GIF or PDF by its bytes, at most 5 MB) for the next reply',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(attachmentSchema) },
      },
    },
    async (request, reply) => {
      const saved = await uploadAttachment(ctx(request), requireActor(request), await uploadedFile(request));
      return reply.status(201).send(ok(saved, TICKET_MESSAGES.attachmentUploaded));
    },
  );

  r.get(
    `${base}/:ticketId`,
    {
      config: view,
      schema: {
        tags,
        summary: 'A support ticket and its messages',
        params: ticketParams,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) => ok(await getOfficeTicket(db, requireActor(request), request.params.ticketId), TICKET_MESSAGES.fetched),
  );

  r.post(
    `${base}/:ticketId/messages`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Reply to the store (the ticket becomes pending unless another status is chosen); the store is e-mailed',
        params: ticketParams,
        body: staffReplyBody,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) =>
      ok(await staffReply(ctx(request), requireActor(request), request.params.ticketId, request.body), TICKET_MESSAGES.replied),
  );

  r.put(
    `${base}/:ticketId/assignee`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Assign the ticket to a staff user, or unassign it (null)',
        params: ticketParams,
        body: ticketAssigneeBody,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) => {
      const detail = await assignTicket(db, requireActor(request), request.params.ticketId, request.body.assigneeUserId);
      return ok(detail, detail.assignee ? TICKET_MESSAGES.assigned : TICKET_MESSAGES.unassigned);
    },
  );

  r.put(
    `${base}/:ticketId/status`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Set the status: open, pending (waiting for the store) or resolved',
        params: ticketParams,
        body: ticketStatusBody,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await changeTicketStatus(db, requireActor(request), request.params.ticketId, request.body.status),
        TICKET_MESSAGES.statusChanged,
      ),
  );

  r.get(
    `${base}/:ticketId/audit`,
    {
      config: view,
      schema: {
        tags,
        summary: "A ticket's staff changes: replies, assignments, status changes",
        params: ticketParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (request) => ok(await ticketAuditTrail(db, requireActor(request), request.params.ticketId, request.query)),
  );

  r.get(
    `${base}/:ticketId/attachments/:attachmentId`,
    { config: view, schema: { tags, summary: 'A file of the ticket’s thread', params: attachmentParams } },
    async (request, reply) => {
      const { ticketId, attachmentId } = request.params;
      return sendFile(reply, await officeAttachment(ctx(request), requireActor(request), ticketId, attachmentId));
    },
  );
}
