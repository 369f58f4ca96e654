// Contact requests in the office (distributor users with the Support Tickets module; view to list, edit
// to review):
//   GET  /admin/contact-requests                       paged, newest first; status, source and search filters
//   POST /admin/contact-requests/:id/handled           marks a new request handled
//   POST /admin/contact-requests/:id/signup-request    converts a new request into a sign-up request
//                                                      (body: the retailer-requests form; also needs
//                                                      Retailer Requests add)
//   POST /admin/contact-requests/:id/ticket            converts a store's new message into a support
//                                                      ticket {subject, category}
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_REQUEST_MESSAGES,
  contactRequestIdParams,
  contactRequestListQuery,
  contactRequestListSchema,
  contactRequestRowSchema,
  contactTicketBody,
} from '@portal/shared/contact/contact-requests.schemas';
import { retailerRequestBody } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  convertToSignupRequest,
  convertToTicket,
  listContactRequestRows,
  markContactRequestHandled,
} from './contact-requests.service.ts';

const MODULE = 'Support Tickets';

export async function contactRequestsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const review = { access: access.module(MODULE, 'edit') };

  r.get(
    '/admin/contact-requests',
    {
      config: { access: access.module(MODULE) },
      schema: {
        tags: ['admin'],
        summary: 'Contact requests from /contact-us and stores: paged, newest first, by status, source and search',
        querystring: contactRequestListQuery,
        response: { 200: envelope(contactRequestListSchema) },
      },
    },
    async (request) => ok(await listContactRequestRows(db, requireActor(request), request.query)),
  );

  r.post(
    '/admin/contact-requests/:id/handled',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'Marks a new contact request handled',
        params: contactRequestIdParams,
        response: { 200: envelope(contactRequestRowSchema) },
      },
    },
    async (request) =>
      ok(await markContactRequestHandled(db, requireActor(request), request.params.id), CONTACT_REQUEST_MESSAGES.handled),
  );

  r.post(
    '/admin/contact-requests/:id/signup-request',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'Converts a new contact request into a sign-up request (needs Retailer Requests add too)',
        params: contactRequestIdParams,
        body: retailerRequestBody,
        response: { 200: envelope(contactRequestRowSchema) },
      },
    },
    async (request) =>
      ok(
        await convertToSignupRequest(db, requireActor(request), request.params.id, request.body),
        CONTACT_REQUEST_MESSAGES.converted,
      ),
  );

  r.post(
    '/admin/contact-requests/:id/ticket',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: "Converts a store's new message into a support ticket of that store",
        params: contactRequestIdParams,
        body: contactTicketBody,
        response: { 200: envelope(contactRequestRowSchema) },
      },
    },
    async (request) =>
      ok(
        await convertToTicket(db, requireActor(request), request.params.id, request.body),
        CONTACT_REQUEST_MESSAGES.convertedToTicket,
      ),
  );
}
