// Reading the one file of a multipart/form-data upload. The body is first collected whole, bounded (the
// route's content-type parser), then parsed with @fastify/busboy from memory in 64 KB slices: fed one
// large chunk, as a test's inject() sends it, busboy 3.2 stalls for good on a skipped part (one without
// Content-Disposition), so the parser is never handed the request stream or a chunk of that size.
import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, MEDIA_MESSAGES } from '@portal/shared/media/media.schemas';
import { AppError, badRequest } from '../../platform/errors.ts';

/** The form around the file (boundaries, part headers, a few small fields) fits in this much more. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const SLICE_BYTES = 64 * 1024;
/** Parsing bytes already in memory takes milliseconds; past this the form is not one busboy can finish. */
const PARSE_DEADLINE_MS = 5_000;

export const imageTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', MEDIA_MESSAGES.tooLarge);
const unreadable = () => badRequest(MEDIA_MESSAGES.unreadableUpload);

/**
 * Registers, in the calling plugin's scope only, a multipart/form-data parser that collects the body as a
 * Buffer and refuses one over the image limit plus the form's overhead with the image message (413).
 */
export function acceptMultipartBodies(app: FastifyInstance): void {
  const limit = IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES;
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      payload.resume(); // let the rest arrive and go; the answer is already known
      done(imageTooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    payload.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > limit) finish(imageTooLarge());
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', () => finish(unreadable()));
  });
}

/**
 * The first file of a collected multipart body, or null when the form has none. Refusals: the file over
 * IMAGE_MAX_BYTES (413, the image message); a form busboy cannot read, or over the limits on parts and
 * fields (400, one fixed message: busboy's own words quote the input).
 */
export function firstFile(body: Buffer, contentType: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fileSize: IMAGE_MAX_BYTES,
          files: 1,
          fields: 10,
          parts: 11,
          fieldNameSize: 100,
          fieldSize: 1000,
          headerPairs: 50,
        },
      });
    } catch {
      reject(unreadable()); // no boundary, or not multipart after all
      return;
    }
    let file: Buffer | null = null;
    let tooLarge = false;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const deadline = setTimeout(() => settle(() => reject(unreadable())), PARSE_DEADLINE_MS);
    parser.on('file', (_field, stream) => {
      const parts: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => parts.push(chunk));
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => (file ??= Buffer.concat(parts)));
      stream.on('error', () => undefined); // a form cut short: the parser's own 'error' answers it
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => settle(() => reject(unreadable())));
    }
    parser.on('error', () => settle(() => reject(unreadable())));
    parser.on('finish', () => settle(() => (tooLarge ? reject(imageTooLarge()) : resolve(file))));
    const slices = Array.from({ length: Math.ceil(body.length / SLICE_BYTES) }, (_, i) =>
      body.subarray(i * SLICE_BYTES, (i + 1) * SLICE_BYTES),
    );
    Readable.from(slices).pipe(parser);
  });
}
