import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../features/auth/auth.slice';
import { api } from '../lib/api';
import { storage } from '../lib/storage';
import { fail, mockApi, signInData } from '../test/render-app';
import { createApp } from './app';

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
