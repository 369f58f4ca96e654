// Compressed answers for clients that accept them (every browser does): a page of 50 catalogue
// products is 54 KB of JSON and 3–4 KB compressed, which matters on a phone on a weak signal.
// @fastify/compress compresses every answer over 1 KB as it is sent (brotli at quality 3, gzip).
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Compressed on the request's own thread up to 256 KB: the plugin's default hands anything over 8 KB
  // on a 2-core machine to a zlib stream on the thread pool, which costs several times more CPU than
  // compressing in place. Brotli at quality 3 rather than the plugin's 4: a page of products comes out
  // a few percent larger for well under half the CPU (quality 4 switches to a slower matcher), and
  // compressing was the largest single cost of a catalogue page (docs/performance.md).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } },
  });
}
