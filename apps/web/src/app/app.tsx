// The application: store, router and the 401/403 rule (reset the stores, go to /login).
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { setUnauthorizedHandler } from '../lib/api';
import { clearSession } from '../lib/clear-session';
import { notify } from '../lib/notify';
import { AppProviders } from './providers';
import { adminRoutesOnDemand, appRoutes } from './routes';
import { createAppStore } from './store';

/** Store, router and the 401/403 rule; exported for tests. */
export function createApp() {
  const { store, persistor } = createAppStore();
  const router = createBrowserRouter(appRoutes, { patchRoutesOnNavigation: adminRoutesOnDemand() });
  // Several calls refused at once end the session once, with one toast (the first refusal's message)
  // shown on the sign-in screen; the callers' own error toasts are held back meanwhile.
  let ending = false;
  setUnauthorizedHandler((message) => {
    if (ending) return;
    ending = true;
    notify.holdErrors();
    // After the current tick, so the failed call's error still reaches its caller first (spec §4).
    setTimeout(() => {
      clearSession(store.dispatch);
      void router.navigate('/login', { replace: true }).finally(() => {
        ending = false;
        notify.sessionEnded(message);
      });
    }, 0);
  });
  return { store, persistor, router };
}

export function App() {
  const [{ store, persistor, router }] = useState(createApp);
  return (
    <ErrorBoundary>
      <AppProviders store={store} persistor={persistor}>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  );
}
