// Route guards (spec §2): a protected path without a token goes to the sign-in page remembering the
// origin; a wrong role goes to its default path; a module page the role's grants refuse goes to the
// area's dashboard; `/` sends a signed-in user to the role's dashboard.
import { modulePathDecision } from '@portal/shared/auth/permissions';
import { homePath } from '@portal/shared/auth/roles';
import { guardPath } from '@portal/shared/layout/route-access';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useGrants } from '../lib/permissions';
import { storage } from '../lib/storage';
import { useAppSelector } from './hooks';

export function RequireAccess({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = useAppSelector((s) => s.auth.token);
  const role = useAppSelector((s) => s.auth.role) ?? storage.getRole();
  const grants = useGrants();
  const decision = guardPath(location.pathname, token, role);
  // The permission table's half: a module page the grants refuse goes to the area's dashboard, so a
  // page whose menu item is hidden never opens (and never makes the calls that would answer 403).
  const allowed = decision.allow ? modulePathDecision(role, location.pathname, grants) : decision;
  if (allowed.allow) return <>{children}</>;
  if (decision.allow) return <Navigate to={allowed.redirect} replace />;
  const state = decision.rememberOrigin ? { from: `${location.pathname}${location.search}${location.hash}` } : undefined;
  return <Navigate to={decision.redirect} replace state={state} />;
}

export function HomeRoute({ children }: { children: ReactNode }) {
  const token = useAppSelector((s) => s.auth.token);
  const role = useAppSelector((s) => s.auth.role);
  if (token) return <Navigate to={homePath(role)} replace />;
  return <>{children}</>;
}
