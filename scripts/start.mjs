// `npm start`: builds the web app and the API (scripts/build-api.mjs) when their sources are newer than
// their builds, then starts the API, which migrates, seeds demo data on an empty database and serves
// everything on one port.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { API_ENTRY, apiBuildIsStale, buildApi } from './build-api.mjs';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The web build's sources: the app, and the build's configuration with the plugins it imports. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/first-screen-chunks.ts',
  'apps/web/first-screen-preload.ts',
  'apps/web/precompress.ts',
  'apps/web/script-build.ts',
  'packages/shared/src',
];

export function webBuildIsStale() {
  return isStale(path.join(root, 'apps/web/dist/index.html'), WEB_SOURCES);
}

export function buildWeb() {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * glibc gives each thread that allocates its own malloc arena, up to eight per core, and each keeps the
 * memory it freed: two arenas keep the server about 25 MB smaller for the SQLite connections and threads it
 * runs (docs/operations.md, "Memory"). A value set in the environment wins.
 */
export const MALLOC_ARENAS = '2';

/**
 * V8's memory reducer compacts the whole heap when a server turns quiet after work (an instance the load
 * balancer sent nothing for a while): with a large catalogue such a collection holds the event loop long,
 * and the first request after the lull waits for it. `--heap-growing-percent` (main.ts) already keeps the
 * heap near what is live. A flag V8 reads when the process starts (docs/operations.md, "Memory").
 */
export const API_NODE_FLAGS = ['--no-memory-reducer'];

if (import.meta.url === `file://${process.argv[1]}`) {
  if (webBuildIsStale()) buildWeb();
  if (apiBuildIsStale()) {
    console.log('Building the API…');
    await buildApi();
  }
  const child = spawn(process.execPath, [...API_NODE_FLAGS, API_ENTRY], {
    cwd: root,
    stdio: 'inherit',
    env: { APP_MODE: 'demo', MALLOC_ARENA_MAX: MALLOC_ARENAS, ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
