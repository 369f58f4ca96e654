/** Where the API is, on the portal's own origin (every call, lib/api.ts; the page's early requests). */
export const API_BASE = '/api';
