// Vite plugin: writes a brotli (quality 11) and a gzip (level 9) copy beside each built script and
// stylesheet, which the API's web serving sends to browsers that accept them (@fastify/static
// `preCompressed`). Compressing once at build time at the highest levels makes the files about 15%
// smaller than compressing them per request at the speed-minded levels an answer can afford.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text, and at least this big (smaller ones gain nothing over the headers). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const source = await readFile(full);
          if (source.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}
