// The application: store, router and the 401/403 rule (reset the stores, go to /login).
import { useCallback, useDeferredValue, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingScreen } from '../components/loading-screen';
import { setUnauthorizedHandler } from '../lib/api';
import { clearSession } from '../lib/clear-session';
import { notify } from '../lib/notify';
import { PushStartup } from '../features/push/push-startup-effect';
import { requestFirstScreenData } from './first-screen-data';
import { AppProviders } from './providers';
import { adminRoutesOnDemand, appRoutes } from './routes';
import { createAppStore, type AppStore } from './store';

/** The store, with the first screen's data asked for. */
function createStore() {
  const app = createAppStore();
  requestFirstScreenData(app.store.dispatch, window.location);
  return app;
}

/** The router, and the 401/403 rule that needs both it and the store. */
function createRouter(store: AppStore) {
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
  return router;
}

/** Store, router and the 401/403 rule; exported for tests. */
export function createApp() {
  const { store, persistor } = createStore();
  return { store, persistor, router: createRouter(store) };
}

/**
 * The first render shows the loading screen the page's markup already shows; the app is built in a
 * deferred render after it. React renders a deferred update in slices, yielding to the browser
 * between components, so building the store (StoreStage) and the router (RouterStage) and the first
 * screens are separate short tasks rather than one long task right after the scripts run, which on
 * a phone held the main thread for a few hundred milliseconds.
 */
export function App() {
  const started = useDeferredValue(true, false);
  return <ErrorBoundary>{started ? <StoreStage /> : <LoadingScreen />}</ErrorBoundary>;
}

function StoreStage() {
  const [{ store, persistor }] = useState(createStore);
  return (
    <AppProviders store={store} persistor={persistor}>
      <RouterStage store={store} />
    </AppProviders>
  );
}

function RouterStage({ store }: { store: AppStore }) {
  const [router] = useState(() => createRouter(store));
  const navigate = useCallback((url: string) => void router.navigate(url), [router]);
  return (
    <>
      <PushStartup navigate={navigate} />
      <RouterProvider router={router} />
    </>
  );
}
