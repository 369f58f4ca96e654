// Security headers on every answer (helmet's set, with a same-origin content policy). Helmet's own
// Fastify plugin rebuilds its middleware, and re-parses the policy, on every request (a tenth of the
// server's time on a cached catalogue search); the headers never change, so they are worked out once
// by running helmet against a stand-in response, and each request only copies them. The same set goes
// on answers written outside Fastify's hooks (framework errors, raw client errors: see errors.ts).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// Styles may be inline (Emotion writes <style> tags, MUI style attributes); scripts, fonts and
// images come only from this origin: nothing is loaded from a CDN.
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, by name. */
export function securityHeaders(options = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet only sets and removes headers, synchronously, and calls next (with an error for bad options).
  helmet(options)({} as never, response as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

// Features the portal never uses are switched off for every page and frame. Push notifications and
// the service worker are not policy-controlled features, so nothing here gets in their way.
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';

/**
 * API answers are private by default: they may hold a signed-in user's data, and a shared cache or the
 * browser's back/forward cache must never replay them. A route whose answer is public and cacheable
 * sets its own Cache-Control (a later reply.header() wins); the web app's files set theirs in app.ts.
 */
export const API_CACHE_CONTROL = 'no-store';

let computed: Record<string, string> | undefined;

/** Helmet's headers plus Permissions-Policy: what every answer carries, worked out once. */
export function answerHeaders(): Record<string, string> {
  computed ??= { ...securityHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  return computed;
}

/** The headers of an error answer written before or outside the hooks: the full set plus no-store. */
export function errorAnswerHeaders(): Record<string, string> {
  return { ...answerHeaders(), 'cache-control': API_CACHE_CONTROL };
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = answerHeaders();
  const apiHeaders = { ...headers, 'cache-control': API_CACHE_CONTROL };
  app.addHook('onRequest', (request, reply, done) => {
    // /api and /api/... only; the web app's files and the API docs page set their own caching.
    const url = request.url;
    const isApi = url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
    reply.headers(isApi && !url.startsWith('/api/docs') ? apiHeaders : headers);
    done();
  });
}
