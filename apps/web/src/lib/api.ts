// The one RTK Query api. Features add their endpoints with api.injectEndpoints() in their own folder.
// Every call carries the bearer token from storage, times out after 600000 ms (spec §7), and a
// 401/403 answer resets the client stores and sends the user to /login (spec §4).
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { API_BASE } from './api-base';
import { takeEarlyAnswer } from './early-answers';
import { storage } from './storage';

export { API_BASE };
export const REQUEST_TIMEOUT_MS = 600_000;

// An absolute base (same origin) so requests can also be built outside a browser (tests under jsdom).
const baseUrl = typeof window === 'undefined' ? API_BASE : new URL(API_BASE, window.location.origin).href;

/** A first screen's request that the page sent before the app had loaded is answered by that request. */
async function fetchWithEarlyAnswers(input: RequestInfo, init?: RequestInit): Promise<Response> {
  const early = input instanceof Request ? await takeEarlyAnswer(input) : undefined;
  return early ?? fetch(input, init);
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  fetchFn: fetchWithEarlyAnswers,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers) {
    const token = storage.getToken();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The API's answer to a bad, expired or revoked token (docs/auth.md). */
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please sign in again.';

/** Told the refusing answer's message (else SESSION_EXPIRED_MESSAGE); called for every such answer. */
type UnauthorizedListener = (message: string) => void;
let onUnauthorized: UnauthorizedListener = () => undefined;
/** The app registers what happens on 401/403 (reset stores, go to /login, one toast). */
export function setUnauthorizedHandler(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

/**
 * A feature that adapts calls to client state: `bind` rewrites a request before it is sent (or refuses
 * it with an error, sending nothing); `answered` sees every answer. The sales customer binding
 * (features/sales/sales-binding.ts) is one: retailer paths to sales paths, x-customer-id, the 409 popup.
 */
export interface RequestBinding {
  bind(args: FetchArgs, apiCtx: BaseQueryApi): FetchArgs | { error: FetchBaseQueryError };
  answered?(result: { error?: FetchBaseQueryError }, args: FetchArgs, apiCtx: BaseQueryApi): void;
}
const bindings = new Map<string, RequestBinding>();
/** Registers a binding under a name (registering the same name again replaces it). */
export function setRequestBinding(name: string, binding: RequestBinding): void {
  bindings.set(name, binding);
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (rawArgs, apiCtx, extra) => {
  let args: FetchArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  for (const binding of bindings.values()) {
    const bound = binding.bind(args, apiCtx);
    if ('error' in bound) return bound;
    args = bound;
  }
  const result = await rawBaseQuery(args, apiCtx, extra);
  for (const binding of bindings.values()) binding.answered?.(result, args, apiCtx);
  const status = result.error?.status;
  const url = args.url;
  // Failed sign-in attempts answer 401 too: those stay on their page.
  if ((status === 401 || status === 403) && !url.startsWith('/auth/') && storage.getToken())
    onUnauthorized(errorMessage(result.error, SESSION_EXPIRED_MESSAGE));
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Profile', 'Cart', 'Orders', 'Catalog', 'Dashboard', 'Notifications', 'Stories', 'Customers', 'Account', 'Devices'],
  endpoints: () => ({}),
});

/** The server's message from an RTK Query error, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}
