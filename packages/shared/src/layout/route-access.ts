// Which roles may open which signed-in path, and where a wrong role goes (spec §2 areas and "Route guards").
import { DEFAULT_PATH, effectiveRole, guardRoute, type GuardDecision, type Role } from '../auth/roles.ts';

export interface Area {
  prefix: string;
  roles: readonly Role[];
  /** The redirect the spec writes for a wrong role in this area. */
  statedRedirect: string;
}

export const AREAS: readonly Area[] = [
  { prefix: '/retailer', roles: ['retailer'], statedRedirect: '/admin/dashboard' },
  { prefix: '/admin', roles: ['distributor'], statedRedirect: '/retailer/dashboard' },
  { prefix: '/sales', roles: ['sales'], statedRedirect: '/sales/dashboard' },
  { prefix: '/warehouse-selection', roles: ['distributor', 'retailer'], statedRedirect: '/retailer/dashboard' },
];

/** Distributor paths whose wrong-role redirect the spec writes as /admin/dashboard. */
export const ADMIN_DASHBOARD_REDIRECT_PATHS = ['/admin/calender', '/admin/calender/view', '/admin/e-pick-settings'];

export function areaOf(path: string): Area | null {
  return AREAS.find((a) => path === a.prefix || path.startsWith(`${a.prefix}/`)) ?? null;
}

/** The roles allowed on a path; null for a public path. */
export function allowedRoles(path: string): readonly Role[] | null {
  return areaOf(path)?.roles ?? null;
}

/**
 * Where a wrong role goes. The spec's per-area texts are followed only when the role may open
 * that target; otherwise the general rule applies (the role's default path, always open to it),
 * so no role can ever be sent round in a loop.
 */
export function wrongRoleRedirect(path: string, role: Role): string {
  const stated = ADMIN_DASHBOARD_REDIRECT_PATHS.includes(path)
    ? '/admin/dashboard'
    : (areaOf(path)?.statedRedirect ?? DEFAULT_PATH[role]);
  return allowedRoles(stated)?.includes(role) ? stated : DEFAULT_PATH[role];
}

/**
 * The guard decision for a signed-in path. Without a token the visitor goes to the sign-in page of
 * the stored role, or of the area when none is stored (a visitor of /sales/* is a rep).
 */
export function guardPath(path: string, token: string | null, storedRole: string | null): GuardDecision {
  const area = areaOf(path);
  if (!area) return { allow: true };
  const roleHint = storedRole ?? (area.prefix === '/sales' ? 'sales' : null);
  const decision = guardRoute({ token, role: token ? storedRole : roleHint, allowed: area.roles });
  if (decision.allow || !token) return decision;
  return { allow: false, redirect: wrongRoleRedirect(path, effectiveRole(storedRole)) };
}
