// Staff users (distributor users with the User Management module; the action follows the method unless named):
//   GET  /admin/staff                                  paged, sorted, searched list; filters role and status (view)
//   GET  /admin/staff/choices                          the roles to pick from (view)
//   GET  /admin/staff/:staffId                          one user with its live session count (view)
//   POST /admin/staff                                  invite by e-mail or phone with a role (add)
//   PUT  /admin/staff/:staffId/role                     another role (edit)
//   POST /admin/staff/:staffId/deactivate, /reactivate  (edit)
//   POST /admin/staff/:staffId/signOutEverywhere        end every session (edit)
//   GET  /admin/staff/:staffId/audit                    the user's history (view)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import {
  STAFF_MESSAGES as M,
  changeStaffRoleBody,
  inviteStaffBody,
  signedOutSchema,
  staffChoicesResponse,
  staffDetailSchema,
  staffListQuery,
  staffListResponse,
  staffUserSchema,
} from '@portal/shared/staff/staff.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import {
  changeStaffRole,
  getStaffUser,
  inviteStaffUser,
  listStaffUsers,
  setStaffActive,
  signOutStaffEverywhere,
  staffAuditTrail,
  staffChoices,
} from './staff.service.ts';

const MODULE = 'User Management';
// Any text: an id that is not one of this distributor's staff users is answered 404 by the service.
const staffParams = z.object({ staffId: z.string() });

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const view = { access: access.module(MODULE, 'view') };
  const edit = { access: access.module(MODULE, 'edit') };

  r.get(
    '/admin/staff',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: "The distributor's staff users: paged, sorted, searched by name, e-mail or phone, filtered by role and status",
        querystring: staffListQuery,
        response: { 200: envelope(staffListResponse) },
      },
    },
    async (request) => ok(await listStaffUsers(db, requireActor(request), request.query)),
  );

  // A static path: the router matches it before /admin/staff/:staffId.
  r.get(
    '/admin/staff/choices',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: "The distributor's roles, to give a staff user or filter the list by",
        response: { 200: envelope(staffChoicesResponse) },
      },
    },
    async (request) => ok(await staffChoices(db, requireActor(request))),
  );

  r.get(
    '/admin/staff/:staffId',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'A staff user: role, status, whether a password is set, last seen and how many sessions are signed in',
        params: staffParams,
        response: { 200: envelope(staffDetailSchema) },
      },
    },
    async (request) => ok(await getStaffUser(db, requireActor(request), request.params.staffId, config.session)),
  );

  r.post(
    '/admin/staff',
    {
      config: { access: access.module(MODULE, 'add') },
      schema: {
        tags: ['admin'],
        summary:
          'Invite a staff user with a role: no password yet, told through the outbox to sign in with a one-time code; 409 when the address has an account',
        body: inviteStaffBody,
        response: { 201: envelope(staffUserSchema) },
      },
    },
    async (request, reply) => {
      const user = await inviteStaffUser({ db, config, log: request.log }, requireActor(request), request.body);
      return reply.status(201).send(ok(user, M.invited));
    },
  );

  r.put(
    '/admin/staff/:staffId/role',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary:
          "Give a staff user another role, effective from their next request; not one's own, and never the last active owner's",
        params: staffParams,
        body: changeStaffRoleBody,
        response: { 200: envelope(staffUserSchema) },
      },
    },
    async (request) => ok(await changeStaffRole(db, requireActor(request), request.params.staffId, request.body), M.roleChanged),
  );

  for (const [action, active, message] of [
    ['deactivate', false, M.deactivated],
    ['reactivate', true, M.reactivated],
  ] as const) {
    r.post(
      `/admin/staff/:staffId/${action}`,
      {
        config: edit,
        schema: {
          tags: ['admin'],
          summary: active
            ? 'Reactivate a staff user: they can sign in again'
            : 'Deactivate a staff user: every session ends at once and they cannot sign in; not oneself, nor the last active owner',
          params: staffParams,
          response: { 200: envelope(staffUserSchema) },
        },
      },
      async (request) => ok(await setStaffActive(db, requireActor(request), request.params.staffId, active), message),
    );
  }

  r.post(
    '/admin/staff/:staffId/signOutEverywhere',
    {
      config: edit,
      schema: {
        tags: ['admin'],
        summary:
          "End every session of a staff user (their tokens answer 401 from the next request); one's own keeps the asking session",
        params: staffParams,
        response: { 200: envelope(signedOutSchema) },
      },
    },
    async (request) => ok(await signOutStaffEverywhere(db, requireActor(request), request.params.staffId), M.signedOutEverywhere),
  );

  r.get(
    '/admin/staff/:staffId/audit',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: "A staff user's history: who changed what and when, newest first",
        params: staffParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (request) => ok(await staffAuditTrail(db, requireActor(request), request.params.staffId, request.query)),
  );
}
