// Vite plugin: the first screens' route chunks start downloading beside the entry script instead of
// after it. A screen's chunks are lazy (src/lib/lazy-page.ts), so without this the browser learns of
// them only when the entry has downloaded and run. The plugin writes a tiny script (same origin: the
// content policy allows no inline script) mapping each first-screen path to its chunks and their static
// imports, and puts it first in <head>; it adds <link rel="modulepreload"> for the path being opened.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Path → the source modules its route loads lazily (relative to apps/web). */
export type FirstScreens = Record<string, string[]>;

export function firstScreenPreload(root: string, screens: FirstScreens): Plugin {
  let fileName: string | null = null;
  return {
    name: 'first-screen-preload',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      // What the HTML already preloads: the entry and its static imports.
      const eager = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      if (entry) walk(entry.fileName, eager);
      const map: Record<string, string[]> = {};
      for (const [url, modules] of Object.entries(screens)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(path.resolve(root, module));
          if (!chunk) this.error(`first-screen-preload: ${module} (for ${url}) is not a chunk of the build`);
          walk(chunk.fileName, files);
        }
        map[url] = [...files].filter((f) => !eager.has(f));
      }
      const source = `// Preloads the chunks of the screen being opened (apps/web/first-screen-preload.ts).
(function (m) { var f = m[location.pathname]; if (f) f.forEach(function (u) { var l = document.createElement('link'); l.rel = 'modulepreload'; l.crossOrigin = ''; l.href = '/' + u; document.head.appendChild(l); }); })(${JSON.stringify(map)});
`;
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
      fileName = `assets/first-screen-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!fileName) return [];
        // A classic script first in <head>: it runs before the module entry is even fetched.
        return [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
