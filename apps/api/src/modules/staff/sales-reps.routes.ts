// Sales reps (distributor users with the User Management module; the action follows the method unless named):
//   GET  /admin/sales-reps                                  paged, sorted, searched list; filter status (view)
//   GET  /admin/sales-reps/choices                          the sales roles to pick from (view)
//   GET  /admin/sales-reps/:repId                           one rep with its sign-in and modules (view)
//   POST /admin/sales-reps                                  create a rep and invite its sign-in (add)
//   POST /admin/sales-reps/:repId/invite                    a sign-in for a rep that has none (add)
//   PUT  /admin/sales-reps/:repId/role                      its sign-in's sales role (edit)
//   PUT  /admin/sales-reps/:repId/modules                   the modules of its sales role, for every rep of it (edit)
//   POST /admin/sales-reps/:repId/deactivate, /reactivate   (edit)
//   POST /admin/sales-reps/:repId/signOutEverywhere         end every session of its sign-in (edit)
//   GET  /admin/sales-reps/:repId/customers                 its customers, read-only (view)
//   GET  /admin/sales-reps/:repId/audit                     its history (view)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import {
  STAFF_MESSAGES as M,
  changeStaffRoleBody,
  createSalesRepBody,
  inviteSalesRepBody,
  salesRepCustomersQuery,
  salesRepCustomersResponse,
  salesRepListQuery,
  salesRepListResponse,
  salesRepModulesBody,
  salesRepSchema,
  signedOutSchema,
  staffChoicesResponse,
} from '@portal/shared/staff/staff.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  changeSalesRepRole,
  createSalesRep,
  getSalesRep,
  inviteSalesRep,
  listSalesRepRows,
  salesRepAuditTrail,
  salesRepChoices,
  salesRepCustomers,
  setSalesRepActive,
  setSalesRepModules,
  signOutSalesRepEverywhere,
} from './sales-reps.service.ts';

const MODULE = 'User Management';
// Any text: an id that is not one of this distributor's reps is answered 404 by the service.
const repParams = z.object({ repId: z.string() });

export async function salesRepsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const view = { access: access.module(MODULE, 'view') };
  const add = { access: access.module(MODULE, 'add') };
  const edit = { access: access.module(MODULE, 'edit') };

  r.get(
    '/admin/sales-reps',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: "The distributor's sales reps: paged, sorted, searched by name, code, e-mail or phone, filtered by status",
        querystring: salesRepListQuery,
        response: { 200: envelope(salesRepListResponse) },
      },
    },
    async (request) => ok(await listSalesRepRows(db, requireActor(request), request.query)),
  );

  // A static path: the router matches it before /admin/sales-reps/:repId.
  r.get(
    '/admin/sales-reps/choices',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'The sales roles a rep can hold (their grants are its modules)',
        response: { 200: envelope(staffChoicesResponse) },
      },
    },
    async (request) => ok(await salesRepChoices(db, requireActor(request))),
  );

  r.get(
    '/admin/sales-reps/:repId',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'A sales rep: its sign-in, customer count and granted sales modules',
        params: repParams,
        response: { 200: envelope(salesRepSchema) },
      },
    },
    async (request) => ok(await getSalesRep(db, requireActor(request), request.params.repId)),
  );

  r.post(
    '/admin/sales-reps',
    {
      config: add,
      schema: {
        tags: ['admin'],
        summary:
          'Create a sales rep and its sign-in (no password yet; invited through the outbox to sign in with a one-time code); 409 when the address has an account or the code is taken',
        body: createSalesRepBody,
        response: { 201: envelope(salesRepSchema) },
      },
    },
    async (request, reply) => {
      const rep = await createSalesRep({ db, config, log: request.log }, requireActor(request), request.body);
      return reply.status(201).send(ok(rep, M.repInvited));
    },
  );

  r.post(
    '/admin/sales-reps/:repId/invite',
    {
      config: add,
      schema: {
        tags: ['admin'],
        summary: 'Invite a sign-in for a sales rep that has none; 409 when it has one or the address has an account',
        params: repParams,
        body: inviteSalesRepBody,
        response: { 201: envelope(salesRepSchema) },
      },
    },
    async (request, reply) => {
      const rep = await inviteSalesRep(
        { db, config, log: request.log },
        requireActor(request),
        request.params.repId,
        request.body,
      );
      return reply.status(201).send(ok(rep, M.repInvited));
    },
  );

  r.put(
    '/admin/sales-reps/:repId/role',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary: "Give the rep's sign-in another sales role; its modules follow at its next sign-in or restore",
        params: repParams,
        body: changeStaffRoleBody,
        response: { 200: envelope(salesRepSchema) },
      },
    },
    async (request) =>
      ok(await changeSalesRepRole(db, requireActor(request), request.params.repId, request.body), M.repRoleChanged),
  );

  r.put(
    '/admin/sales-reps/:repId/modules',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary:
          'The sales modules the rep is granted (Account Receivable, Promo & Discounts, Track Login Devices), replaced as a whole; its menu follows at its next sign-in or restore',
        params: repParams,
        body: salesRepModulesBody,
        response: { 200: envelope(salesRepSchema) },
      },
    },
    async (request) =>
      ok(await setSalesRepModules(db, requireActor(request), request.params.repId, request.body), M.modulesSaved),
  );

  for (const [action, active, message] of [
    ['deactivate', false, M.repDeactivated],
    ['reactivate', true, M.repReactivated],
  ] as const) {
    r.post(
      `/admin/sales-reps/:repId/${action}`,
      {
        config: edit,
        schema: {
          tags: ['admin'],
          summary: active
            ? 'Reactivate a sales rep: its sign-in works again'
            : "Deactivate a sales rep: its sign-in's sessions end at once and it cannot sign in; its customers stay until reassigned",
          params: repParams,
          response: { 200: envelope(salesRepSchema) },
        },
      },
      async (request) => ok(await setSalesRepActive(db, requireActor(request), request.params.repId, active), message),
    );
  }

  r.post(
    '/admin/sales-reps/:repId/signOutEverywhere',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary: "End every session of the rep's sign-in (its tokens answer 401 from the next request)",
        params: repParams,
        response: { 200: envelope(signedOutSchema) },
      },
    },
    async (request) =>
      ok(await signOutSalesRepEverywhere(db, requireActor(request), request.params.repId), M.signedOutEverywhere),
  );

  r.get(
    '/admin/sales-reps/:repId/customers',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary:
          "The rep's customers by business name, searched by C_Number, name or city (move them with POST /admin/retailers/reassign)",
        params: repParams,
        querystring: salesRepCustomersQuery,
        response: { 200: envelope(salesRepCustomersResponse) },
      },
    },
    async (request) => ok(await salesRepCustomers(db, requireActor(request), request.params.repId, request.query)),
  );

  r.get(
    '/admin/sales-reps/:repId/audit',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: "A sales rep's history: who changed what and when, newest first",
        params: repParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (request) => ok(await salesRepAuditTrail(db, requireActor(request), request.params.repId, request.query)),
  );
}
