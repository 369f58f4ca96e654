// Serves the built single-page app (WEB_DIST) with history fallback: hashed assets cached for a year
// (immutable) and sent precompressed when the build wrote .br/.gz copies (apps/web/precompress.ts);
// every other path is the page itself, never cached. A first screen's page (apps/web/first-screen-
// preload.ts: `.vite/first-screens.json`) names that screen's chunks and styles in <head> for the
// browser to fetch beside the entry, so nothing waits for the entry script to ask for them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { access } from './auth/access.ts';

/** Paths of files the app serves (icons, images, scripts, styles, fonts, manifests), not of screens. */
const STATIC_FILE_RE = /\.(?:ico|png|jpe?g|gif|svg|webp|avif|js|mjs|css|map|json|webmanifest|txt|xml|woff2?|ttf|br|gz)$/i;

/** Written by the web build: first-screen path → files (relative to the build folder) to preload. */
const FIRST_SCREENS_FILE = '.vite/first-screens.json';

/** The page for each first-screen path: index.html with that screen's preload links. */
export function firstScreenPages(indexHtml: string, firstScreens: Record<string, string[]>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [url, files] of Object.entries(firstScreens)) {
    const links = files
      .filter((file) => /^[\w./-]+$/.test(file))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      )
      .join('\n    ');
    if (links && indexHtml.includes('</head>')) pages.set(url, indexHtml.replace('</head>', `  ${links}\n  </head>`));
  }
  return pages;
}

function readFirstScreens(webDist: string): Record<string, string[]> {
  const file = path.join(webDist, FIRST_SCREENS_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const pages = firstScreenPages(indexHtml, readFirstScreens(webDist));
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The .br/.gz copies beside a file go to browsers that accept them (Vary: Accept-Encoding).
    preCompressed: true,
    cacheControl: false, // set below: immutable for hashed assets, no-cache for the rest
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', { config: { access: access.public }, schema: { hide: true } }, (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.callNotFound();
    }
    const candidate = path.join(webDist, path.normalize(urlPath));
    if (urlPath !== '/' && candidate.startsWith(webDist) && existsSync(candidate) && !candidate.endsWith(path.sep)) {
      return reply.sendFile(path.relative(webDist, candidate));
    }
    // A missing file (/favicon.ico, /x.png) is a 404, never the page: a browser would take HTML for it.
    if (STATIC_FILE_RE.test(urlPath)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pages.get(urlPath) ?? indexHtml);
  });
}
