// The one RTK Query api. Features add their endpoints with api.injectEndpoints() in their own folder.
// Every call carries the bearer token from storage, times out after 600000 ms (spec §7), and a
// 401/403 answer resets the client stores and sends the user to /login (spec §4).
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { storage } from './storage';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 600_000;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers) {
    const token = storage.getToken();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;
/** The app registers what happens on 401/403 (reset stores, go to /login). */
export function setUnauthorizedHandler(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  const result = await rawBaseQuery(args, apiCtx, extra);
  const status = result.error?.status;
  const url = typeof args === 'string' ? args : args.url;
  // Failed sign-in attempts answer 401 too: those stay on their page.
  if ((status === 401 || status === 403) && !url.startsWith('/auth/') && storage.getToken()) onUnauthorized();
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Profile', 'Cart', 'Orders', 'Catalog', 'Dashboard', 'Notifications', 'Stories', 'Customers', 'Account'],
  endpoints: () => ({}),
});

/** The server's message from an RTK Query error, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}
