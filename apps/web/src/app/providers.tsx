// Providers around the router: Redux (with rehydration), the theme mode on the body, toasts, and the
// cart's quantity editor for the shared product pieces (components/product/quantity-editor.ts). No MUI
// here: the MUI theme wraps the screens that use MUI (components/mui-theme.tsx); the rest of the page
// takes the mode's colours from the CSS variables of app/base.css.
import { HEADER_HEIGHT } from '@portal/shared/layout/info-strip';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { LoadingScreen } from '../components/loading-screen';
import { QuantityEditorContext } from '../components/product/quantity-editor';
import { useQuantityEditor } from '../features/cart/cart-hooks';
import { applyTheme } from '../features/theme/theme.slice';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';
import { loadChunk } from '../lib/lazy-page';

/** Screens without the signed-in frame: below the public pages' 65 px top bar. */
const TOAST_TOP_DEFAULT = HEADER_HEIGHT + 8;

// Mounted at once but loaded after the first screen's JavaScript (lib/notify.ts).
const Toaster = lazy(() => loadChunk(() => import('react-hot-toast')).then((m) => ({ default: m.Toaster })));

function ThemedApp({ children }: { children: ReactNode }) {
  const theme = useAppSelector((s) => s.theme);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <>
      {children}
      {/* Spec §9: other toasts top-centre for 5000 ms; success/error set their own (lib/notify.ts).
          In the signed-in frame they start below the header, the strip and the page's title row
          (layouts/app-layout.tsx sets --toast-top): a toast over the cart icon, the strip's close
          button or Clear cart blocks the next tap, and hovering it pauses its timer. */}
      <Suspense fallback={null}>
        <Toaster
          position="top-center"
          containerStyle={{ top: `var(--toast-top, ${TOAST_TOP_DEFAULT}px)` }}
          toastOptions={{
            duration: 5000,
            // The theme's paper and text, so a toast reads in dark mode too (success sets its own green).
            style: {
              fontFamily: 'var(--ui-font)',
              background: 'var(--ui-paper)',
              color: 'var(--ui-text)',
              border: '1px solid var(--ui-divider)',
            },
          }}
        />
      </Suspense>
    </>
  );
}

export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor: Persistor | null;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <QuantityEditorContext value={useQuantityEditor}>
        <ThemedApp>
          {persistor ? (
            <PersistGate loading={<LoadingScreen />} persistor={persistor}>
              {children}
            </PersistGate>
          ) : (
            children
          )}
        </ThemedApp>
      </QuantityEditorContext>
    </Provider>
  );
}
