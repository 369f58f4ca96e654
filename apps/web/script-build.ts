// Vite plugin: builds a script that must keep one address from build to build into a classic script
// of its own at the root, beside the app: an IIFE without hashes or shared chunks, served with
// `no-cache` (apps/api/src/platform/web-app.ts), rather than an entry of the app's build. Two use it:
// - the push service worker (/sw.js): the browser keeps it registered and checks its address for
//   updates, it must be served from the root to control the whole portal, and Firefox does not run
//   ES-module service workers;
// - the page's early requests (/early-requests.js, app/early-requests.ts): index.html runs it before
//   the app's module scripts, which would otherwise bundle it into the entry and run it last.
// The dev server builds each on request.
import path from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';

export interface ScriptBuild {
  /** The source module, relative to apps/web. */
  entry: string;
  /** The file at the build's root. */
  file: string;
  /** The IIFE's global name. */
  name: string;
  /** Run by every page: a deferred script at the top of <head>, so it runs before the app's module script. */
  inPage?: boolean;
}

export const SERVICE_WORKER: ScriptBuild = {
  entry: 'src/features/push/service-worker.ts',
  file: 'sw.js',
  name: 'portalServiceWorker',
};
export const EARLY_REQUESTS: ScriptBuild = {
  entry: 'src/early-requests.ts',
  file: 'early-requests.js',
  name: 'portalEarlyRequests',
  inPage: true,
};

function scriptBuildConfig(script: ScriptBuild, root: string, outDir: string, write: boolean): InlineConfig {
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
        entry: path.join(root, script.entry),
        formats: ['iife'],
        name: script.name,
        fileName: () => script.file,
      },
    },
  };
}

export function scriptBuild(script: ScriptBuild): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: `script-build:${script.file}`,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml() {
      if (!script.inPage) return [];
      return [{ tag: 'script', attrs: { defer: true, src: `/${script.file}` }, injectTo: 'head-prepend' }];
    },
    async writeBundle() {
      await build(scriptBuildConfig(script, root, outDir, true));
    },
    configureServer(server) {
      server.middlewares.use(`/${script.file}`, (_req, res, next) => {
        build(scriptBuildConfig(script, root, path.join(root, 'node_modules/.script-dev'), false))
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
