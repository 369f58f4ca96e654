// The one guard for every /api route: it enforces the access rule the route declares in config.access
// (access.ts), on request, before the body is parsed or validated, so a caller without access learns
// nothing else. Every /api route must declare a rule or the app does not start; the URL prefixes must
// agree with the rule (/api/retailer/* retailer, /api/sales/* sales, /api/admin/* distributor,
// /api/dashboard/* retailer or sales, /api/public/* public). See docs/security.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requestStarted } from '../../db/row-changes.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { checkRouteAccess, prefixRoles, type Access } from './access.ts';
import { hasPermission, loadActor, type Actor, type PermissionAction } from './actor.ts';
import { verifyToken } from './tokens.ts';

/** One method of one /api route with its declared rule: the table the access-matrix suite walks. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /api route registered so far, with its rule (HEAD routes Fastify adds for GET included). */
    routeAccess: DeclaredRoute[];
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

/** The actions a module rule accepts on a method: the ones it names, else the method's (any one suffices). */
export function ruleActions(rule: Extract<Access, { kind: 'module' }>, method: string): readonly PermissionAction[] {
  return [rule.action ?? METHOD_ACTION[method] ?? 'view'].flat();
}

/** The signed-in actor, or a 401. Use inside handlers of guarded routes. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function registerGuard(app: FastifyInstance, db: Db, secret: string): void {
  app.decorateRequest('actor', null);
  const table: DeclaredRoute[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    checkRouteAccess(route); // throws: the app does not start with an undeclared or inconsistent route
    const rule = route.config?.access;
    if (!rule || !route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access: rule });
  });

  app.addHook('onRequest', async (request) => {
    requestStarted(); // what is kept in memory looks for writes by other programs again (db/row-changes.ts)
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return; // the web app and the API docs are public
    const declared = request.routeOptions.config?.access;
    // Every route declares a rule (checked at start-up), so no rule means an unknown URL: under a role
    // prefix it is refused like that area's routes (401, 403) before the 404 handler answers.
    const area = declared ? null : prefixRoles(path);
    if (!declared && request.routeOptions.url) throw forbidden(); // unreachable while checkRouteAccess runs
    const rule: Access | null = declared ?? (area ? { kind: 'role', roles: area, owner: 'self' } : null);
    if (!rule) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;

    if (token) {
      const claims = await verifyToken(token, secret);
      request.actor = claims ? await loadActor(db, claims.sessionId, claims.userId, app.deps.config.session) : null;
      if (!request.actor && rule.kind !== 'public') throw unauthorized('Session expired. Please sign in again.');
    }
    if (rule.kind === 'public') return;
    const actor = request.actor;
    if (!actor) throw unauthorized();
    if (rule.kind === 'signedIn') return;

    if (rule.kind === 'role') {
      if (!rule.roles.includes(actor.role)) throw forbidden();
      if (actor.role === 'retailer' && rule.owner === 'customer' && !actor.customerId) {
        throw forbidden('This account is not linked to a store');
      }
      // A sales module's route: the rep's sales role grants its view (the sales modules have no other action).
      if (rule.salesModule && !(await hasPermission(actor, db, rule.salesModule, 'view'))) {
        throw forbidden(`You do not have view permission for ${rule.salesModule}`);
      }
      return;
    }
    // A module rule: distributor users whose permission role grants the action on the module.
    if (actor.role !== 'distributor') throw forbidden();
    const actions = ruleActions(rule, request.method);
    for (const action of actions) if (await hasPermission(actor, db, rule.module, action)) return;
    throw forbidden(`You do not have ${actions.join(' or ')} permission for ${rule.module}`);
  });
}
