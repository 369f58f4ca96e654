// The client stores. A feature adds its slice with one line: in `persistedReducers` when the spec keeps it
// across reloads (auth, cart, dashboards, form data), else in `reducers`. Every slice should answer
// `resetStores` (app/reset.ts) by returning its initial state: logout and 401/403 dispatch it.
import { authReducer } from '../features/auth/auth.slice';
import { cartReducer } from '../features/cart/cart.slice';
import { dashboardReducer } from '../features/dashboard/dashboard.slice';
import { formSubmissionReducer } from '../features/form-submission/form-submission.slice';
import { navigationStepReducer } from '../features/navigation/navigation-step.slice';
import { popupReducer } from '../components/global-popup.slice';
import { themeReducer } from '../features/theme/theme.slice';
import { rolePreviewReducer } from '../lib/role-preview.slice';
import { pushBufferReducer } from '../features/push/push-buffer.slice';

export const reducers = {
  theme: themeReducer,
  navigationStep: navigationStepReducer,
  popup: popupReducer,
  rolePreview: rolePreviewReducer,
  pushBuffer: pushBufferReducer,
};

export const persistedReducers = {
  auth: authReducer,
  formSubmission: formSubmissionReducer,
  cart: cartReducer,
  dashboard: dashboardReducer,
};

/** Per persisted store, the fields never written to browser storage. */
export const persistBlacklist: Partial<Record<keyof typeof persistedReducers, string[]>> = {
  auth: ['loading', 'error'],
  formSubmission: ['submitting'],
  cart: ['loading', 'error'],
  dashboard: ['loading', 'error'],
};
