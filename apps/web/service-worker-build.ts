// Vite plugin: builds the push service worker (src/features/push/service-worker.ts) into one classic
// script at /sw.js, beside the app. A service worker's address must stay the same from build to build (the
// browser keeps it registered and checks it for updates), it must be served from the root to control the
// whole portal, and Firefox does not run ES-module service workers; so it is a second build of its own
// (an IIFE without hashes or shared chunks) rather than an entry of the app's build. The dev server
// builds it on request.
import path from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';

export const SERVICE_WORKER_ENTRY = 'src/features/push/service-worker.ts';
export const SERVICE_WORKER_FILE = 'sw.js';

function workerBuild(root: string, outDir: string, write: boolean): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      write,
      target: 'es2022',
      minify: write,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(root, SERVICE_WORKER_ENTRY),
        formats: ['iife'],
        name: 'portalServiceWorker',
        fileName: () => SERVICE_WORKER_FILE,
      },
    },
  };
}

export function serviceWorkerBuild(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'service-worker-build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await build(workerBuild(root, outDir, true));
    },
    configureServer(server) {
      server.middlewares.use(`/${SERVICE_WORKER_FILE}`, (_req, res, next) => {
        build(workerBuild(root, path.join(root, 'node_modules/.sw-dev'), false))
          .then((out) => {
            const outputs = Array.isArray(out) ? out : [out];
            const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk');
            if (!chunk || chunk.type !== 'chunk') return next();
            res.setHeader('content-type', 'text/javascript; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            res.end(chunk.code);
          })
          .catch(next);
      });
    },
  };
}
