// Security headers on every answer (helmet's set, with a same-origin content policy). Helmet's own
// Fastify plugin rebuilds its middleware, and re-parses the policy, on every request (a tenth of the
// server's time on a cached catalogue search); the headers never change, so they are worked out once
// by running helmet against a stand-in response, and each request only copies them.
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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
