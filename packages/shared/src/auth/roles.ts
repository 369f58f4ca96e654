// Roles, their home paths and the route-guard rules of spec §2 "Route guards" and §6.
export const ROLES = ['distributor', 'retailer', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_PATH: Record<Role, string> = {
  distributor: '/admin/dashboard',
  retailer: '/retailer/dashboard',
  sales: '/sales/dashboard',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role from browser storage; retailer is the default when none (or an unknown one) is stored. */
export function effectiveRole(stored: string | null | undefined): Role {
  return isRole(stored) ? stored : 'retailer';
}

/** The page a signed-in user lands on from `/`. */
export function homePath(role: string | null | undefined): string {
  return DEFAULT_PATH[effectiveRole(role)];
}

/** Where a signed-out visitor is sent: sales to /sales-login, everyone else to /login. */
export function loginPathFor(role: string | null | undefined): string {
  return role === 'sales' ? '/sales-login' : '/login';
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string; rememberOrigin?: boolean };

/**
 * The guard for a protected route. Allowed roles are listed per route; a role that is not allowed
 * goes to its own default path, which is always allowed for it, so no role can loop.
 */
export function guardRoute(opts: { token: string | null; role: string | null; allowed: readonly Role[] }): GuardDecision {
  if (!opts.token) return { allow: false, redirect: loginPathFor(opts.role), rememberOrigin: true };
  const role = effectiveRole(opts.role);
  if (opts.allowed.includes(role)) return { allow: true };
  return { allow: false, redirect: DEFAULT_PATH[role] };
}
