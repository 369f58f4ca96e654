// The access rule every /api route declares in `config.access`, and the start-up check that each one
// does and that it agrees with the URL prefix. The guard (guard.ts) enforces the rule on every request;
// the access-matrix suite (apps/api/test/access-matrix.test.ts) derives its expected statuses from it.
import type { RouteOptions } from 'fastify';
import type { PermissionAction, SalesModule, StaffModule } from '@portal/shared/auth/permissions';
import type { Role } from '@portal/shared/auth/roles';

/** A staff module of the one permission table (@portal/shared/auth/permissions). */
export type DistributorModule = StaffModule;

/**
 * Whose objects a role route answers about:
 * - `customer`: one customer's objects: a retailer's own store, or the sales rep's working customer
 *   named by x-customer-id / a path {customerId} (the sales binding refuses a customer not assigned).
 *   Another customer's object is refused (403) or not found (404), never shown.
 * - `self`: the caller's own records only (profile, devices, the rep's customer list, shared lists).
 */
export type Owner = 'customer' | 'self';

export type Access =
  /** Anyone, signed in or not (a bad token is ignored). */
  | { readonly kind: 'public' }
  /** Any valid session, whatever the role; answers about the caller only. */
  | { readonly kind: 'signedIn' }
  /**
   * Signed in with one of these roles. `salesModule`: a sales route of one of the rep's optional menu
   * items (the sales modules of the permission table); the rep's sales role must grant its view.
   */
  | { readonly kind: 'role'; readonly roles: readonly Role[]; readonly owner: Owner; readonly salesModule?: SalesModule }
  /**
   * A distributor user whose permission role grants this module: the action from the method by default,
   * or the one named, or any one of several named (an image upload serves adding and editing alike).
   */
  | {
      readonly kind: 'module';
      readonly module: DistributorModule;
      readonly action?: PermissionAction | readonly PermissionAction[];
    };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  /** The retailer's own store. */
  retailer: { kind: 'role', roles: ['retailer'], owner: 'customer' },
  /** The rep's working customer (x-customer-id, path {customerId}). */
  salesCustomer: { kind: 'role', roles: ['sales'], owner: 'customer' },
  /** The rep's own records and lists that are not one customer's. */
  salesSelf: { kind: 'role', roles: ['sales'], owner: 'self' },
  /** The retailer's own store or the rep's working customer. */
  buyer: { kind: 'role', roles: ['retailer', 'sales'], owner: 'customer' },
  /**
   * A sales route that belongs to a sales module (Account Receivable, Track Login Devices): the rep's
   * sales role must grant view on it, else 403 like a refused office module.
   */
  salesModule: (module: SalesModule, owner: Owner): Access => ({ kind: 'role', roles: ['sales'], owner, salesModule: module }),
  /** Any distributor user, about themself (profile, password). */
  distributorSelf: { kind: 'role', roles: ['distributor'], owner: 'self' },
  module: (module: DistributorModule, action?: PermissionAction | readonly PermissionAction[]): Access => ({
    kind: 'module',
    module,
    action,
  }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: required on every /api route (see checkRouteAccess). */
    access?: Access;
  }
}

/** The roles a rule admits once signed in; null for public and signedIn (every role). */
export function rolesOf(rule: Access): readonly Role[] | null {
  if (rule.kind === 'role') return rule.roles;
  if (rule.kind === 'module') return ['distributor'];
  return null;
}

/**
 * The roles a URL prefix belongs to, or null outside the role areas. Used twice: to check that a route's
 * declared rule agrees with its URL, and to refuse an unknown URL under a role prefix the way a real
 * route would (401, 403), so that probing /api/admin/* without access does not map which routes exist.
 */
export function prefixRoles(url: string): readonly Role[] | null {
  if (url.startsWith('/api/retailer/')) return ['retailer'];
  if (url.startsWith('/api/sales/')) return ['sales'];
  if (url.startsWith('/api/admin/') || url.startsWith('/api/distrubutor/') || url === '/api/dashboard/distributorDashboard') {
    return ['distributor'];
  }
  if (url.startsWith('/api/dashboard/')) return ['retailer', 'sales'];
  return null;
}

/**
 * Why a route's declaration is wrong, or null when it is fine. The URL prefixes are a second opinion:
 * a route under /api/retailer/ that declared a sales rule is a mistake, whatever the handler does.
 */
export function accessProblem(url: string, rule: Access | undefined): string | null {
  if (!url.startsWith('/api/') && url !== '/api') return null; // the web app's files
  if (!rule) return 'declares no access rule (config.access)';
  if (url.startsWith('/api/public/')) return rule.kind === 'public' ? null : 'is under /api/public/ but is not public';
  const area = prefixRoles(url);
  if (!area) return null;
  const declared = rolesOf(rule);
  const agrees =
    declared !== null &&
    declared.every((r) => area.includes(r)) &&
    // a distributor area is the distributor's alone; a retailer or sales route admits exactly that role
    (area.length > 1 || declared.length === 1);
  return agrees ? null : `is under a ${area.join('/')} prefix but declares ${JSON.stringify(rule)}`;
}

/**
 * onRoute hook: a route without a valid declaration stops the app from starting, so a new route
 * cannot ship unguarded. The API docs (plugin routes under /api/docs) are declared public here.
 */
export function checkRouteAccess(route: RouteOptions): void {
  const url = route.url;
  if (url === '/api/docs' || url.startsWith('/api/docs/')) {
    route.config = { ...route.config, access: route.config?.access ?? access.public };
    return;
  }
  const problem = accessProblem(url, route.config?.access);
  if (problem) {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(`Route ${methods} ${url} ${problem}. See docs/security.md.`);
  }
}
