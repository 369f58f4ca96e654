// Page-weight budgets of the production web build (issue 12 §6), read from Vite's build manifest:
// the JavaScript needed to render /login and /retailer/dashboard (gzip) and the largest lazily loaded
// chunk. Prints every figure and exits 1 when one is over its budget. `npm test` runs it on the build
// it makes for the browser journeys; by hand: `node scripts/check-web-budget.mjs [dist folder]`.
//
// "Needed to render a route" = the entry chunk of index.html with every chunk it imports statically,
// plus the chunks the build's first-screen map names for the route (the chunks of the modules the route
// loads lazily, lib/lazy-page.ts, with their static imports: what the server preloads for it), plus any
// classic script index.html loads first: exactly what the browser fetches before the screen can render.
// Chunks only reachable through a further dynamic import are not counted. Every measured route is a
// first screen of the build (apps/web/vite.config.ts, FIRST_SCREENS), so a renamed screen fails the
// build or this check rather than silently shrinking a figure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/**
 * The budgets of issue 12 §6, in bytes of gzip, and ours for the two screens a store owner opens first
 * on a phone (the order screen and the cart paint without MUI: docs/web.md).
 */
export const BUDGETS = {
  login: 170 * KB,
  retailerDashboard: 260 * KB,
  retailerOrder: 190 * KB,
  retailerCart: 180 * KB,
  lazyChunk: 250 * KB,
};

/**
 * Ceilings for budgets not yet met (none today): the figure of the build when a budget is found
 * exceeded, so the weight can only go down while the budget is worked towards. A figure over its budget
 * but within its ceiling is printed as OVER and does not fail; over the ceiling fails. Lower a ceiling
 * whenever the build gets lighter, and delete it once the budget holds.
 * @type {Partial<Record<'login' | 'retailerDashboard', number>>}
 */
export const CEILINGS = {};

/** Written by the web build (apps/web/first-screen-preload.ts): first-screen path → the files it preloads. */
const FIRST_SCREENS_FILE = path.join('.vite', 'first-screens.json');

function gzipBytes(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The JS files (relative to dist) needed to render a route: the entry chunk with every chunk it imports
 * statically, and the files the build's first-screen map names for the route (its lazily loaded chunks
 * with their static imports). `screenFiles` undefined: the entry's only.
 */
export function filesForRoute(manifest, screenFiles = []) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The build manifest has no entry chunk');
  visit(entry);
  for (const file of screenFiles) files.add(file);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** Every chunk that is loaded only by a dynamic import (directly or as a lazy chunk's static import). */
export function lazyFiles(manifest) {
  const eager = new Set(filesForRoute(manifest));
  return [
    ...new Set(
      Object.values(manifest)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.js') && !eager.has(f)),
    ),
  ];
}

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

export function checkBudgets(dist) {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build with build.manifest (apps/web/vite.config.ts)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const screensPath = path.join(dist, FIRST_SCREENS_FILE);
  if (!existsSync(screensPath)) throw new Error(`${screensPath} is missing: the web build writes it (first-screen-preload.ts)`);
  const firstScreens = JSON.parse(readFileSync(screensPath, 'utf8'));
  const size = new Map();
  const gz = (file) => {
    if (!size.has(file)) size.set(file, gzipBytes(path.join(dist, file)));
    return size.get(file);
  };
  const lines = [];
  let ok = true;
  const report = (label, bytes, budget, detail, ceiling) => {
    const over = bytes > budget;
    const failed = over && (ceiling === undefined || bytes > ceiling);
    if (failed) ok = false;
    const limits = `budget ${fmt(budget)}${ceiling === undefined ? '' : `, ceiling until met ${fmt(ceiling)}`}`;
    lines.push(
      `${failed ? 'FAIL' : over ? 'OVER' : 'ok  '} ${label}: ${fmt(bytes)} gzip (${limits})${detail ? ` ${detail}` : ''}`,
    );
  };
  // Classic scripts index.html runs before the entry (the early requests) are needed too.
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const classic = [...html.matchAll(/<script\b([^>]*)><\/script>/g)]
    .filter((m) => !/\btype="module"/.test(m[1]))
    .flatMap((m) => /\bsrc="\/([^"]+\.js)"/.exec(m[1])?.[1] ?? []);
  const route = (url, budget, ceiling) => {
    if (!firstScreens[url])
      throw new Error(`${url} is not a first screen of the build: add it to FIRST_SCREENS in apps/web/vite.config.ts`);
    const files = [...classic, ...filesForRoute(manifest, firstScreens[url])];
    report(
      `JavaScript to render ${url}`,
      files.map(gz).reduce((a, b) => a + b, 0),
      budget,
      `in ${files.length} files`,
      ceiling,
    );
  };
  route('/login', BUDGETS.login, CEILINGS.login);
  route('/retailer/dashboard', BUDGETS.retailerDashboard, CEILINGS.retailerDashboard);
  route('/retailer/order', BUDGETS.retailerOrder);
  route('/retailer/cart', BUDGETS.retailerCart);
  const lazy = lazyFiles(manifest).map((f) => ({ f, bytes: gz(f) }));
  lazy.sort((a, b) => b.bytes - a.bytes);
  const largest = lazy[0] ?? { f: '(none)', bytes: 0 };
  report(`largest lazily loaded chunk`, largest.bytes, BUDGETS.lazyChunk, `(${largest.f}, of ${lazy.length} lazy chunks)`);
  for (const { f, bytes } of lazy.filter((c) => c.bytes > BUDGETS.lazyChunk)) lines.push(`OVER   ${f}: ${fmt(bytes)} gzip`);
  return { ok, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
  try {
    const { ok, lines } = checkBudgets(dist);
    for (const line of lines) console.log(line);
    const pending = lines.some((line) => line.startsWith('OVER'));
    console.log(
      !ok
        ? 'Page-weight budgets: FAILED (a figure is over its budget and its ceiling; issue 12 §6).'
        : pending
          ? 'Page-weight budgets: within the ceilings; a budget is not met yet (OVER above).'
          : 'Page-weight budgets: all within budget.',
    );
    process.exit(ok ? 0 : 1);
  } catch (error) {
    console.error(`Page-weight budgets: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
