// The one guard for every /api route, decided by URL prefix so that no route can be added unguarded.
// It runs on request, before the body is parsed or validated: a caller without access learns nothing else.
//   /api/retailer/*                 role retailer, bound to the user's own customer
//   /api/sales/*                    role sales (customer binding is checked by the sales module)
//   /api/admin/*, /api/distrubutor/*, /api/dashboard/distributorDashboard
//                                   role distributor plus the route's module permission
//   /api/dashboard/*                retailer or sales
//   routes with config.public       anyone; config.auth === 'any' needs only a valid session
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@portal/shared/auth/roles';
import type { Db } from '../../db/database.ts';
import { requestStarted } from '../../db/row-changes.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { hasPermission, loadActor, type Actor, type PermissionAction } from './actor.ts';
import { verifyToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Any signed-in role may call it (outside the role prefixes). */
    auth?: 'any';
    /** Distributor module this route belongs to, for permission checks; action defaults from the method. */
    module?: string;
    action?: PermissionAction;
  }
}

const METHOD_ACTION: Record<string, PermissionAction> = {
  GET: 'view',
  HEAD: 'view',
  POST: 'add',
  PUT: 'edit',
  PATCH: 'edit',
  DELETE: 'delete',
};

function rolesFor(path: string): Role[] | null {
  if (path.startsWith('/api/retailer/')) return ['retailer'];
  if (path.startsWith('/api/sales/')) return ['sales'];
  if (path.startsWith('/api/admin/') || path.startsWith('/api/distrubutor/') || path === '/api/dashboard/distributorDashboard') {
    return ['distributor'];
  }
  if (path.startsWith('/api/dashboard/')) return ['retailer', 'sales'];
  return null;
}

/** The signed-in actor, or a 401. Use inside handlers of guarded routes. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function registerGuard(app: FastifyInstance, db: Db, secret: string): void {
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    requestStarted(); // what is kept in memory looks for writes by other programs again (db/row-changes.ts)
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return; // the web app and the API docs are public
    const config = request.routeOptions.config ?? {};
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;

    if (token) {
      const claims = await verifyToken(token, secret);
      request.actor = claims ? await loadActor(db, claims.sessionId, claims.userId, app.deps.config.session) : null;
      if (!request.actor && !config.public) throw unauthorized('Session expired. Please sign in again.');
    }
    if (config.public) return;

    const roles = rolesFor(path);
    if (!roles && config.auth !== 'any') {
      // Not under a role prefix and not declared: refuse rather than expose by accident.
      if (!request.routeOptions.url) return; // unknown route: let the 404 handler answer
      throw forbidden();
    }
    if (!request.actor) throw unauthorized();
    if (roles && !roles.includes(request.actor.role)) throw forbidden();

    if (request.actor.role === 'retailer' && roles?.includes('retailer') && !request.actor.customerId) {
      throw forbidden('This account is not linked to a store');
    }
    if (roles?.includes('distributor') && config.module) {
      const action = config.action ?? METHOD_ACTION[request.method] ?? 'view';
      if (!(await hasPermission(db, request.actor.distributorRoleId, config.module, action))) {
        throw forbidden(`You do not have ${action} permission for ${config.module}`);
      }
    }
  });
}
