// Test harness: the real routes, store and providers in a memory router, with fetch answered by a
// table of handlers ("POST /auth/login" → status and body) that records every call.
import { ownerGrants } from '@portal/shared/auth/permissions';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { adminRoutesOnDemand, appRoutes } from '../app/routes';
import { createAppStore } from '../app/store';
import { signedIn } from '../features/auth/auth.slice';
import type { SignInData } from '../features/auth/auth.types';
import { storage } from '../lib/storage';
// The signed-in frame and the MUI theme (with MUI's core) are lazy chunks that a browser preloads with
// the first screens; loaded here up front so that transforming MUI's core is not part of a test's timing.
import '../components/mui-theme';
import '../layouts/app-layout';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

/** A handler answers with a fixed answer, or from the request body and URL (query included). */
export type Handlers = Record<string, MockAnswer | ((body: unknown, url: URL) => MockAnswer)>;

export interface RecordedCall {
  key: string;
  /** The request's URL, query included. */
  url: URL;
  body: unknown;
  headers: Headers;
}

/** Replaces fetch: each call is matched by "METHOD /path" (path after /api, without query). */
export function mockApi(handlers: Handlers) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace(/^\/api/, '')}`;
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ key, url, body, headers: request.headers });
    const handler = handlers[key];
    if (!handler)
      return new Response(JSON.stringify({ success: false, message: 'Not found', error: { code: 'NOT_FOUND' } }), {
        status: 404,
      });
    const answer = typeof handler === 'function' ? handler(body, url) : handler;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown, message = 'Success'): MockAnswer => ({ body: { success: true, message, data } });
export const fail = (status: number, message: string, code = 'ERROR'): MockAnswer => ({
  status,
  body: { success: false, message, error: { code } },
});

export const WAREHOUSE = {
  D_Name: 'Golden State Wholesale',
  D_Addr1: '1200 Commerce Way',
  D_City: 'Sacramento',
  D_State: 'CA',
  D_Phone: '(916) 555-0100',
};
export const STORE = {
  id: 'cust-10001',
  C_Number: '10001',
  C_Name: 'Sam Patel',
  C_CoName: 'Corner Mart #1',
  C_Address: '455 Main Street',
  C_City: 'Sacramento',
  C_State: 'CA',
  C_Phone: '(916) 555-0001',
  LastBalance: 1250.5,
  C_OrderDay: 3,
  Routes: [{ Route_Number: '101', Stop_Number: '1' }],
  salesRep: { S_Desc: 'Maria Lopez' },
};

/** The demo users' own names (apps/api/src/db/seed/base-world.ts). */
export const USER_NAMES: Record<SignInData['role'], string> = {
  retailer: 'Sam Patel',
  sales: 'Maria Lopez',
  distributor: 'Dana Whitfield',
};

export function signInData(role: SignInData['role'], extra: Partial<SignInData> = {}): SignInData {
  return {
    userName: USER_NAMES[role],
    token: `token-${role}`,
    role,
    wareHouseDetail: [WAREHOUSE],
    storeDetail: role === 'retailer' ? STORE : null,
    logo: null,
    // The demo office user is an owner: every permission (a test of a limited role passes its own).
    rolesPermission: role === 'distributor' ? ownerGrants() : [],
    ...extra,
  };
}

/** Renders the app at `path`, optionally signed in (token and role also in storage, as after a sign-in). */
export function renderApp(path: string, options: { signedInAs?: SignInData } = {}) {
  const { store } = createAppStore({ persist: false });
  if (options.signedInAs) {
    storage.setAuth(options.signedInAs.token, options.signedInAs.role);
    store.dispatch(signedIn(options.signedInAs));
  }
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], patchRoutesOnNavigation: adminRoutesOnDemand() });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} persistor={null}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}
