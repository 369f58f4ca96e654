// The API as it runs in production: apps/api/src bundled by esbuild into apps/api/dist/main.js, the
// packages it depends on left to node_modules, and the worker threads' plain `*.mjs` files copied beside it.
// Running the bundle instead of the sources under tsx saves the TypeScript loader's thread (about 60 MB
// resident) and the transform of every source file at start (docs/decisions.md, "The API runs from a bundle").
// Tests and `npm run dev` run the sources.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(root, 'apps/api');
const API_DIST = path.join(apiDir, 'dist');
export const API_ENTRY = path.join(API_DIST, 'main.js');
const SOURCES = ['apps/api/src', 'apps/api/package.json', 'packages/shared/src', 'packages/shared/package.json'];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** True when the bundle is missing or older than a source file of the API or of the shared package. */
export function apiBuildIsStale() {
  return isStale(API_ENTRY, SOURCES);
}

/**
 * The packages the API and the shared package depend on stay imports (native modules, lazily loaded ones,
 * and one copy of each in node_modules); only the workspace's own TypeScript is bundled.
 */
function externals() {
  const deps = (dir) => Object.keys(JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).dependencies);
  return [...new Set([...deps('apps/api'), ...deps('packages/shared')])]
    .filter((name) => !name.startsWith('@portal/'))
    .flatMap((name) => [name, `${name}/*`]);
}

/**
 * Bundles the API into `outdir` (default apps/api/dist). The directory must sit two levels under the
 * repository, as apps/api/src does: the bundle finds the web build and node_modules from its own place.
 */
export async function buildApi(outdir = API_DIST) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: [path.join(apiDir, 'src/main.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externals(),
    logLevel: 'warning',
  });
  // Worker threads are started from `new URL('./name.mjs', import.meta.url)`: beside the bundle.
  for (const file of files(path.join(apiDir, 'src')).filter((f) => f.endsWith('-worker.mjs')))
    copyFileSync(file, path.join(outdir, path.basename(file)));
  return path.join(outdir, 'main.js');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`API built: ${path.relative(root, await buildApi())}`);
}
