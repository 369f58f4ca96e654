// Route guards (spec §2): a protected path without a token goes to the sign-in page remembering the
// origin; a wrong role goes to its default path; `/` sends a signed-in user to the role's dashboard.
import { homePath } from '@portal/shared/auth/roles';
import { guardPath } from '@portal/shared/layout/route-access';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { storage } from '../lib/storage';
import { useAppSelector } from './hooks';

export function RequireAccess({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = useAppSelector((s) => s.auth.token);
  const role = useAppSelector((s) => s.auth.role) ?? storage.getRole();
  const decision = guardPath(location.pathname, token, role);
  if (decision.allow) return <>{children}</>;
  const state = decision.rememberOrigin ? { from: `${location.pathname}${location.search}${location.hash}` } : undefined;
  return <Navigate to={decision.redirect} replace state={state} />;
}

export function HomeRoute({ children }: { children: ReactNode }) {
  const token = useAppSelector((s) => s.auth.token);
  const role = useAppSelector((s) => s.auth.role);
  if (token) return <Navigate to={homePath(role)} replace />;
  return <>{children}</>;
}
