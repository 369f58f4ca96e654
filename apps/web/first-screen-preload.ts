// Vite plugin: the first screens' route chunks start downloading beside the entry script instead of
// after it. A screen's chunks are lazy (src/lib/lazy-page.ts), so without this the browser learns of
// them only when the entry has downloaded and run. The plugin writes `.vite/first-screens.json`: for
// each first-screen path, the files to preload (its chunks and their static imports, then their CSS),
// which the API's web serving (apps/api/src/platform/web-app.ts) puts in that path's HTML as
// `<link rel="modulepreload">` and `<link rel="preload" as="style">`, so the preload scanner finds them
// while the HTML is still arriving and no script has to run first.
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Path → the source modules its route loads lazily (relative to apps/web). */
export type FirstScreens = Record<string, string[]>;

/** Where the map is written, relative to the build's folder; the server reads it from there. */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

export function firstScreenPreload(root: string, screens: FirstScreens): Plugin {
  return {
    name: 'first-screen-preload',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      // What the HTML already loads: the entry, its static imports and their CSS.
      const eager = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      const cssOf = (files: Iterable<string>) => [...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
      if (entry) walk(entry.fileName, eager);
      for (const css of cssOf(eager)) eager.add(css);
      const map: Record<string, string[]> = {};
      for (const [url, modules] of Object.entries(screens)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          // A module that is also imported statically (the MUI theme) may be in a chunk it is not the
          // facade of: that chunk is the one its dynamic import loads.
          const chunk = byModule.get(id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`first-screen-preload: ${module} (for ${url}) is not a chunk of the build`);
          walk(chunk.fileName, files);
        }
        map[url] = [...new Set([...files, ...cssOf(files)])].filter((f) => !eager.has(f));
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source: `${JSON.stringify(map, null, 2)}\n` });
    },
  };
}
