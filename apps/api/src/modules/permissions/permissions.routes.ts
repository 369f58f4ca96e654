// Roles and permissions (distributor users with the User Management module; the action follows the method):
//   GET    /admin/permissions/roles                 paged, sorted, searched roles with user and module counts
//   POST   /admin/permissions/roles                 create a role (name, description, kind)
//   GET    /admin/permissions/roles/:roleId         one role with a grant for every module of its kind
//   PUT    /admin/permissions/roles/:roleId         rename, describe (the owner role keeps its name)
//   DELETE /admin/permissions/roles/:roleId         delete a role no user holds (never the owner role)
//   PUT    /admin/permissions/roles/:roleId/grants  replace the grid of modules × actions (edit)
//   GET    /admin/permissions/roles/:roleId/audit   the role's history (view)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrailQuery, auditTrailResponse } from '@portal/shared/audit/audit.schemas';
import {
  ROLE_MESSAGES,
  roleBody,
  roleDetailSchema,
  roleEditBody,
  roleGrantsBody,
  roleListQuery,
  roleListResponse,
} from '@portal/shared/permissions/permissions.schemas';
import { access } from '../../platform/auth/access.ts';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { createRole, editRole, getRole, listRoleRows, removeRole, roleAudit, setRoleGrants } from './permissions.service.ts';

const MODULE = 'User Management';
const tags = ['admin'];
// Any text: an id that is not one of this distributor's roles is answered 404 by the service.
const roleParams = z.object({ roleId: z.string().max(100) });

export async function permissionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const config = { access: access.module(MODULE) };

  r.get(
    '/admin/permissions/roles',
    {
      config,
      schema: {
        tags,
        summary: "The distributor's roles: paged, sorted, searched by name or description, filtered by kind",
        querystring: roleListQuery,
        response: { 200: envelope(roleListResponse) },
      },
    },
    async (request) => ok(await listRoleRows(db, requireActor(request), request.query)),
  );

  r.post(
    '/admin/permissions/roles',
    {
      config,
      schema: {
        tags,
        summary: 'Create a role with no permissions',
        body: roleBody,
        response: { 201: envelope(roleDetailSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createRole(db, requireActor(request), request.body), ROLE_MESSAGES.created)),
  );

  r.get(
    '/admin/permissions/roles/:roleId',
    {
      config,
      schema: {
        tags,
        summary: 'One role with its grant on every module of its kind',
        params: roleParams,
        response: { 200: envelope(roleDetailSchema) },
      },
    },
    async (request) => ok(await getRole(db, requireActor(request), request.params.roleId)),
  );

  r.put(
    '/admin/permissions/roles/:roleId',
    {
      config,
      schema: {
        tags,
        summary: "Change a role's name and description",
        params: roleParams,
        body: roleEditBody,
        response: { 200: envelope(roleDetailSchema) },
      },
    },
    async (request) => ok(await editRole(db, requireActor(request), request.params.roleId, request.body), ROLE_MESSAGES.updated),
  );

  r.delete(
    '/admin/permissions/roles/:roleId',
    {
      config,
      schema: { tags, summary: 'Delete a role that no user holds', params: roleParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await removeRole(db, requireActor(request), request.params.roleId);
      return ok(null, ROLE_MESSAGES.deleted);
    },
  );

  r.put(
    '/admin/permissions/roles/:roleId/grants',
    {
      config,
      schema: {
        tags,
        summary: "Replace a role's permissions: one grant per module (modules left out hold nothing)",
        params: roleParams,
        body: roleGrantsBody,
        response: { 200: envelope(roleDetailSchema) },
      },
    },
    async (request) =>
      ok(await setRoleGrants(db, requireActor(request), request.params.roleId, request.body.grants), ROLE_MESSAGES.grantsSaved),
  );

  r.get(
    '/admin/permissions/roles/:roleId/audit',
    {
      config,
      schema: {
        tags,
        summary: "The role's history: who changed its name or permissions and when, newest first",
        params: roleParams,
        querystring: auditTrailQuery,
        response: { 200: envelope(auditTrailResponse) },
      },
    },
    async (request) => ok(await roleAudit(db, requireActor(request), request.params.roleId, request.query)),
  );
}
