// The page's early requests (app/early-requests.ts) and the app's first requests (first-screen-data.ts)
// must be the very same requests, or the app would ask the server a second time: the app's requests
// here find the early answers and send nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_ANSWERS } from '../lib/early-answers';
import { storage } from '../lib/storage';
import { mockApi, ok } from '../test/render-app';
import { sendEarlyRequests } from './early-requests';
import { requestFirstScreenData } from './first-screen-data';
import { createAppStore } from './store';
import { restoreSession } from '../features/auth/session';
import { catalogApi } from '../features/catalog/catalog.api';
import { cartApi } from '../features/cart/cart.api';

const CART = { items: [], totalItems: 0, subtotal: 0 };
const PAGE = { products: [], total: 0, page: 1, limit: 50 };

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_ANSWERS];
});

const PROFILE = { token: 'tok-1', role: 'retailer', profile: { isSessionActive: true } };

function handlers() {
  return {
    'GET /auth/profile': ok(PROFILE),
    'GET /retailer/cart/items': ok(CART),
    'POST /retailer/getInventory': ok(PAGE),
  };
}

describe('early requests', () => {
  it('on a catalogue URL, the app’s cart and first page take the answers the page asked for', async () => {
    storage.setAuth('tok-1', 'retailer');
    const { calls } = mockApi(handlers());
    const location = { pathname: '/retailer/order', search: '?q=cola&category=Candy&sort=priceAsc&only=new,bogus' };
    sendEarlyRequests(location);
    await expect.poll(() => calls.length).toBe(3);
    expect(calls.map((c) => [c.key, c.headers.get('authorization'), c.body])).toEqual([
      ['GET /auth/profile', 'Bearer tok-1', undefined],
      ['GET /retailer/cart/items', 'Bearer tok-1', undefined],
      [
        'POST /retailer/getInventory',
        'Bearer tok-1',
        { search: 'cola', category: 'Candy', sort: 'priceAsc', only: ['new'], page: 1, limit: 50 },
      ],
    ]);

    const { store } = createAppStore({ persist: false });
    requestFirstScreenData(store.dispatch, location);
    const filter = { search: 'cola', category: 'Candy', sort: 'priceAsc' as const, only: ['new' as const] };
    await expect
      .poll(() => [
        cartApi.endpoints.getCartItems.select()(store.getState()).status,
        catalogApi.endpoints.getInventory.select(filter)(store.getState()).status,
      ])
      .toEqual(['fulfilled', 'fulfilled']);
    expect(catalogApi.endpoints.getInventory.select(filter)(store.getState()).data?.pages).toEqual([PAGE]);
    await expect(restoreSession(store.dispatch)).resolves.toBe('restored');
    expect(calls).toHaveLength(3);
  });

  it('asks for the profile with the device headers the session restore sends', async () => {
    storage.setAuth('tok-1', 'retailer');
    const { calls } = mockApi(handlers());
    sendEarlyRequests({ pathname: '/retailer/cart', search: '' });
    await expect.poll(() => calls.length).toBe(2);
    const headers = calls[0]!.headers;
    expect([headers.get('x-device-type'), headers.get('x-device-id')]).toEqual(['web', storage.getDeviceId()]);
  });

  it('on another retailer screen asks for the profile and the cart only', async () => {
    storage.setAuth('tok-1', 'retailer');
    const { calls } = mockApi(handlers());
    sendEarlyRequests({ pathname: '/retailer/cart', search: '' });
    await expect.poll(() => calls.map((c) => c.key)).toEqual(['GET /auth/profile', 'GET /retailer/cart/items']);
  });

  it.each([
    ['a sales rep', 'sales'],
    ['the distributor', 'distributor'],
  ])('asks only for the profile for %s', async (_who, role) => {
    storage.setAuth('tok-1', role);
    const { calls } = mockApi(handlers());
    sendEarlyRequests({ pathname: '/retailer/order', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((c) => c.key)).toEqual(['GET /auth/profile']);
  });

  it('asks for nothing signed out', async () => {
    const { fetchMock } = mockApi(handlers());
    sendEarlyRequests({ pathname: '/retailer/order', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
