// Compressed answers for clients that accept them (every browser does): a page of 50 catalogue
// products is 54 KB of JSON and 3–4 KB compressed, which matters on a phone on a weak signal.
// @fastify/compress compresses every answer over 1 KB as it is sent (brotli at quality 4, gzip);
// routes that keep answers ready (the catalogue) compress once, with `encodeOnce`, and set
// Content-Encoding themselves, which the plugin then leaves alone.
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Compressed on the request's own thread up to 256 KB (about a millisecond at brotli quality 4): the
  // plugin's default hands anything over 8 KB on a 2-core machine to a zlib stream on the thread pool,
  // which cost a 20-line cart (25 KB) 0.7 ms of CPU against 0.1 ms for compressing it in place.
  await app.register(fastifyCompress, { global: true, threshold: 1024, syncThreshold: 256 * 1024, encodings: ['br', 'gzip'] });
}

/** The encoding to answer this request with, from its Accept-Encoding, or null for plain bytes. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate<Encoding>(header, ['br', 'gzip']) : null;
}

/**
 * Answers with JSON bytes made beforehand (the catalogue's pages), as they are: no serializer runs, so
 * the route's schema only documents the answer. Bytes already compressed carry their Content-Encoding,
 * and the compression plugin leaves an answer that has one alone.
 */
export function sendPreparedJson(reply: FastifyReply, json: { body: Buffer; encoding: Encoding | null }): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (json.encoding) reply.header('content-encoding', json.encoding);
  return reply.send(json.body);
}

/**
 * Compression for answers that are kept and sent many times: the fastest settings (brotli quality 0
 * with a 128 KB window, gzip level 1), as the compressed page is made while a request waits. On a 47 KB
 * catalogue page: about 50 µs and 3.5 KB (brotli; quality 1 made 2.9 KB in about 60 µs, and in the
 * server, where a page is made among other work, 20 µs more than quality 0). The window matters:
 * brotli's default 4 MB window is set up for every page; pages are 50–300 KB (docs/performance.md,
 * items 25–27).
 */
export function encodeOnce(body: Buffer, encoding: Encoding): Buffer {
  const compressed =
    encoding === 'br'
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 0,
            [zlib.constants.BROTLI_PARAM_LGWIN]: 17,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: 1 });
  // zlib hands back a view of its 16 KB output buffer: a kept 3 KB page would hold all 16 KB. Copied,
  // small pages share Node's buffer pool instead (in the benchmark, a page made for another price level
  // fell from about 300 to 170 µs: less memory to fault in and collect).
  return Buffer.from(compressed);
}
