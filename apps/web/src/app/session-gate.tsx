// Session restore (spec §4): with a stored token, GET /auth/profile refreshes the signed-in state on
// load. Until it answers, pages wait only if nothing was rehydrated to show.
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { restoreSession } from '../features/auth/session';
import { clearSession } from '../lib/clear-session';
import { storage } from '../lib/storage';
import { useAppDispatch, useAppSelector } from './hooks';

export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  const [restoring, setRestoring] = useState(() => Boolean(storage.getToken()));

  useEffect(() => {
    if (!storage.getToken()) {
      // Token removed from storage (another tab signed out): drop what was rehydrated.
      if (token) clearSession(dispatch);
      return;
    }
    let live = true;
    void restoreSession(dispatch).finally(() => {
      if (live) setRestoring(false);
    });
    return () => {
      live = false;
    };
    // Runs once on load: later sign-ins fill the store themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // When the answer lets the pages show, the first screen (the signed-in frame with MUI: the most work
  // of the load) renders as a deferred update, which yields to the browser every few milliseconds
  // instead of blocking it for the whole render; the loading screen stays until that render is done.
  const ready = useDeferredValue(!restoring || Boolean(token));
  if (!ready) return <LoadingScreen label="Restoring your session" />;
  return <>{children}</>;
}
