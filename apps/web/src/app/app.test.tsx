import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../features/auth/auth.slice';
import { api, SESSION_EXPIRED_MESSAGE } from '../lib/api';
import { storage } from '../lib/storage';
import { fail, mockApi, renderApp, signInData } from '../test/render-app';
import { createApp } from './app';
import { AppProviders } from './providers';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeCart: build.query<unknown, void>({ query: () => '/retailer/cart/items' }),
    probeLogin: build.mutation<unknown, void>({ query: () => ({ url: '/auth/loginWithPassword', method: 'POST', body: {} }) }),
  }),
});

function signedInApp() {
  const app = createApp();
  const data = signInData('retailer');
  storage.setAuth(data.token, data.role);
  app.store.dispatch(signedIn(data));
  return app;
}

describe('401/403 on a call', () => {
  it.each([401, 403])('%s resets the stores, clears storage and goes to /login', async (status) => {
    mockApi({ 'GET /retailer/cart/items': fail(status, 'Unauthorized') });
    const { store, router } = signedInApp();
    await router.navigate('/retailer/cart');
    const result = await store.dispatch(probeApi.endpoints.probeCart.initiate());
    expect(result.error).toMatchObject({ status });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(storage.getToken()).toBeNull();
  });

  it('a refused sign-in attempt (an /auth/ call) stays on its page', async () => {
    mockApi({ 'POST /auth/loginWithPassword': fail(401, 'Invalid email/phone or password') });
    const { store, router } = signedInApp();
    await router.navigate('/retailer/dashboard');
    await store
      .dispatch(probeApi.endpoints.probeLogin.initiate())
      .unwrap()
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.location.pathname).toBe('/retailer/dashboard');
    expect(store.getState().auth.token).toBe('token-retailer');
  });

  it('other errors pass through without signing out', async () => {
    mockApi({ 'GET /retailer/cart/items': fail(500, 'Internal server error') });
    const { store, router } = signedInApp();
    await router.navigate('/retailer/cart');
    const result = await store.dispatch(probeApi.endpoints.probeCart.initiate());
    expect(result.error).toMatchObject({ status: 500 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.state.location.pathname).toBe('/retailer/cart');
    expect(storage.getToken()).toBe('token-retailer');
  });
});

describe('an expired session', () => {
  it('shows one Session expired toast on the sign-in screen however many calls were refused', async () => {
    const expired = fail(401, SESSION_EXPIRED_MESSAGE, 'UNAUTHORIZED');
    // Everything the retailer dashboard loads at once: cart, ledger and the four shelves.
    const { calls } = mockApi({
      'GET /retailer/cart/items': expired,
      'GET /retailer/accountReceivable': expired,
      'GET /dashboard/newItem': expired,
      'GET /dashboard/discountedItems': expired,
      'GET /dashboard/popularItems': expired,
      'GET /dashboard/promotedItems': expired,
    });
    window.history.replaceState(null, '', '/retailer/dashboard');
    const { store, router } = signedInApp();
    render(
      <AppProviders store={store} persistor={null}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c.key.startsWith('GET /')).length).toBeGreaterThanOrEqual(4);
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    // Late answers and the toast library's timing cannot add a second one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(SESSION_EXPIRED_MESSAGE)).toHaveLength(1);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('a token refused on load signs out with the same one toast', async () => {
    mockApi({ 'GET /auth/profile': fail(401, SESSION_EXPIRED_MESSAGE, 'UNAUTHORIZED') });
    const { router } = renderApp('/retailer/dashboard', { signedInAs: signInData('retailer') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(SESSION_EXPIRED_MESSAGE)).toHaveLength(1);
  });
});
