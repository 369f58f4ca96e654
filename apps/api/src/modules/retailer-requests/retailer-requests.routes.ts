// Admin sign-up requests (distributor users with the Retailer Requests module; view for reads, add to
// create, edit to change, approve to approve or reject):
//   GET  /admin/retailer-requests                     the queue: paged, sorted, searched, by status, duplicates flagged
//   GET  /admin/retailer-requests/:requestId          a request, its look-alikes, a suggested C_Number, the sales reps
//   POST /admin/retailer-requests                     staff add a request
//   PUT  /admin/retailer-requests/:requestId          edit while pending
//   POST /admin/retailer-requests/:requestId/approve  create the store and its user
//   POST /admin/retailer-requests/:requestId/reject   refuse with a reason the applicant receives
//   GET  /admin/retailer-requests/:requestId/audit    its history: who changed what, when
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REQUEST_MESSAGES,
  approveRequestBody,
  rejectRequestBody,
  requestDetailSchema,
  requestListQuery,
  requestListResponse,
  retailerRequestBody,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  addRequest,
  approveRequest,
  editRequest,
  getRequest,
  listRequestRows,
  rejectRequest,
  requestAuditTrail,
  type RequestsContext,
} from './retailer-requests.service.ts';

const MODULE = 'Retailer Requests';
// Any text: an id that is not one of this distributor's requests is answered 404 by the service.
const requestParams = z.object({ requestId: z.string() });

export async function retailerRequestsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const ctx = (request: FastifyRequest): RequestsContext => ({ db, config, log: request.log });
  const rule = { access: access.module(MODULE) };
  // Deciding (approve or reject) is the module's approve permission, apart from editing a request.
  const decide = { access: access.module(MODULE, 'approve') };

  r.get(
    '/admin/retailer-requests',
    {
      config: rule,
      schema: {
        tags: ['admin'],
        summary:
          'Sign-up requests: paged, sorted, searched by store, owner, e-mail, phone or city, filtered by status; each flags its possible duplicates',
        querystring: requestListQuery,
        response: { 200: envelope(requestListResponse) },
      },
    },
    async (request) => ok(await listRequestRows(db, requireActor(request), request.query), REQUEST_MESSAGES.listed),
  );

  r.get(
    '/admin/retailer-requests/:requestId',
    {
      config: rule,
      schema: {
        tags: ['admin'],
        summary: 'A sign-up request with its possible duplicates, the suggested C_Number and the sales reps',
        params: requestParams,
        response: { 200: envelope(requestDetailSchema) },
      },
    },
    async (request) => ok(await getRequest(db, requireActor(request), request.params.requestId), REQUEST_MESSAGES.fetched),
  );

  r.post(
    '/admin/retailer-requests',
    {
      config: rule,
      schema: {
        tags: ['admin'],
        summary: 'Add a sign-up request in the office (pending at once; the applicant signs in with a one-time code)',
        body: retailerRequestBody,
        response: { 201: envelope(requestDetailSchema) },
      },
    },
    async (request, reply) => {
      const created = await addRequest(db, requireActor(request), request.body);
      return reply.status(201).send(ok(created, REQUEST_MESSAGES.created));
    },
  );

  r.put(
    '/admin/retailer-requests/:requestId',
    {
      config: rule,
      schema: {
        tags: ['admin'],
        summary: 'Edit a pending sign-up request',
        params: requestParams,
        body: retailerRequestBody,
        response: { 200: envelope(requestDetailSchema) },
      },
    },
    async (request) =>
      ok(await editRequest(db, requireActor(request), request.params.requestId, request.body), REQUEST_MESSAGES.updated),
  );

  r.post(
    '/admin/retailer-requests/:requestId/approve',
    {
      config: decide,
      schema: {
        tags: ['admin'],
        summary:
          'Approve: creates the store (C_Number, route and stop, order day, price class, sales rep, terms) and its retailer user in one transaction, and tells the applicant',
        params: requestParams,
        body: approveRequestBody,
        response: { 200: envelope(requestDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await approveRequest(ctx(request), requireActor(request), request.params.requestId, request.body),
        REQUEST_MESSAGES.approved,
      ),
  );

  r.post(
    '/admin/retailer-requests/:requestId/reject',
    {
      config: decide,
      schema: {
        tags: ['admin'],
        summary: 'Reject with a reason, which the applicant receives',
        params: requestParams,
        body: rejectRequestBody,
        response: { 200: envelope(requestDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await rejectRequest(ctx(request), requireActor(request), request.params.requestId, request.body.reason),
        REQUEST_MESSAGES.rejected,
      ),
  );

  r.get(
    '/admin/retailer-requests/:requestId/audit',
    {
      config: rule,
      schema: {
        tags: ['admin'],
        summary: "A sign-up request's history: who added, edited, approved or rejected it, when, each field before and after",
        params: requestParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (request) => ok(await requestAuditTrail(db, requireActor(request), request.params.requestId, request.query)),
  );
}
