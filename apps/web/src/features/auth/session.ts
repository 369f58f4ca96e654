// Signing in, restoring and ending a session: keeps browser storage and the stores in step.
import { homePath } from '@portal/shared/auth/roles';
import { guardPath } from '@portal/shared/layout/route-access';
import type { AppDispatch } from '../../app/store';
import { errorMessage, SESSION_EXPIRED_MESSAGE } from '../../lib/api';
import { clearSession } from '../../lib/clear-session';
import { notify } from '../../lib/notify';
import { storage } from '../../lib/storage';
import { authApi } from './auth.api';
import { sessionRestored, signedIn } from './auth.slice';
import type { SignInData } from './auth.types';

/** Stores token and role and fills the auth store (spec §4: verifying, password and sales login). */
export function completeSignIn(dispatch: AppDispatch, data: SignInData): void {
  storage.setAuth(data.token, data.role);
  dispatch(signedIn(data));
}

/** Where to go after sign-in: the remembered origin when this role may open it, else the role's dashboard. */
export function afterSignInPath(data: Pick<SignInData, 'token' | 'role'>, from: string | null | undefined): string {
  if (from && from.startsWith('/') && !from.startsWith('//')) {
    const pathname = from.split(/[?#]/)[0]!;
    const decision = guardPath(pathname, data.token, data.role);
    if (decision.allow && !isSignInPage(pathname)) return from;
  }
  return homePath(data.role);
}

const SIGN_IN_PAGES = [
  '/',
  '/login',
  '/otp-verification',
  '/loginPassword',
  '/sales-login',
  '/signup',
  '/signupOtp',
  '/forgot-password',
  '/reset-password',
];
function isSignInPage(path: string): boolean {
  return SIGN_IN_PAGES.includes(path);
}

/** Logout (spec §4): tells the server, then clears state and storage whatever it answered. */
export async function logout(dispatch: AppDispatch): Promise<void> {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch {
    // The session may already be gone on the server; the user is signed out here either way.
  }
  clearSession(dispatch);
}

export type RestoreResult = 'restored' | 'signed-out' | 'offline';

/**
 * Session restore from GET /auth/profile when a token is stored. A refused token signs the user out,
 * with the one toast saying why.
 */
export async function restoreSession(dispatch: AppDispatch): Promise<RestoreResult> {
  const request = dispatch(authApi.endpoints.profile.initiate(undefined, { forceRefetch: true, subscribe: false }));
  const result = await request;
  if (result.data) {
    dispatch(sessionRestored(result.data.data));
    storage.setAuth(result.data.data.token, result.data.data.role);
    return 'restored';
  }
  const status = (result.error as { status?: unknown } | undefined)?.status;
  if (status === 401 || status === 403) {
    clearSession(dispatch);
    notify.sessionEnded(errorMessage(result.error, SESSION_EXPIRED_MESSAGE));
    return 'signed-out';
  }
  return 'offline';
}
