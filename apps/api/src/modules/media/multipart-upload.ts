// Reading a multipart/form-data upload: its one file and its text fields. The body is first collected
// whole, bounded (the route's content-type parser), then parsed with @fastify/busboy from memory in 64 KB
// slices: fed one large chunk, as a test's inject() sends it, busboy 3.2 stalls for good on a skipped part
// (one without Content-Disposition), so the parser is never handed the request stream or a chunk of that
// size. Each upload route passes its UploadRule (limit and refusals in its own words) to both steps.
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

/** The size limit of an upload's one file and the refusals in its words (an image, a story's file, a ticket's). */
export interface UploadRule {
  maxBytes: number;
  tooLarge: () => AppError;
  unreadable: () => AppError;
}

const IMAGE_RULE: UploadRule = {
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: imageTooLarge,
  unreadable: () => badRequest(MEDIA_MESSAGES.unreadableUpload),
};

/** The uploaded file and the name the browser gave it (a label only: the bytes decide the type). */
export interface FilePart {
  bytes: Buffer;
  fileName: string;
}

/**
 * Registers, in the calling plugin's scope only, a multipart/form-data parser that collects the body as a
 * Buffer and refuses one over the rule's limit (the image's by default) plus the form's overhead (413).
 */
export function acceptMultipartBodies(app: FastifyInstance, rule: UploadRule = IMAGE_RULE): void {
  const { tooLarge: refuseSize, unreadable } = rule;
  const limit = rule.maxBytes + FORM_OVERHEAD_BYTES;
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      payload.resume(); // let the rest arrive and go; the answer is already known
      done(refuseSize(), undefined);
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
      if (size > limit) finish(refuseSize());
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', () => finish(unreadable()));
  });
}

/** The first file and the text fields of a form (the first value of each field name). */
export interface UploadForm {
  file: FilePart | null;
  fields: Record<string, string>;
}

/**
 * The first file (with its name) and the text fields of a collected multipart body, under a rule (the
 * image's by default). Refusals: the file over rule.maxBytes (413, rule.tooLarge); a form busboy cannot
 * read, or over the limits on parts and fields (400, rule.unreadable: busboy's own words quote the input).
 */
export function readForm(body: Buffer, contentType: string, rule: UploadRule = IMAGE_RULE): Promise<UploadForm> {
  const { tooLarge: refuseSize, unreadable } = rule;
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fileSize: rule.maxBytes,
          files: 1,
          fields: 10,
          parts: 11,
          fieldNameSize: 100,
          fieldSize: 10_000, // a story's audience: up to 500 comma-separated values
          headerPairs: 50,
        },
      });
    } catch {
      reject(unreadable()); // no boundary, or not multipart after all
      return;
    }
    let file: FilePart | null = null;
    const fields: Record<string, string> = {};
    let tooLarge = false;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const deadline = setTimeout(() => settle(() => reject(unreadable())), PARSE_DEADLINE_MS);
    parser.on('file', (_field, stream, fileName) => {
      const parts: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => parts.push(chunk));
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => (file ??= { bytes: Buffer.concat(parts), fileName: typeof fileName === 'string' ? fileName : '' }));
      stream.on('error', () => undefined); // a form cut short: the parser's own 'error' answers it
    });
    parser.on('field', (name, value) => {
      if (!(name in fields) && name !== '__proto__') fields[name] = value;
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => settle(() => reject(unreadable())));
    }
    parser.on('error', () => settle(() => reject(unreadable())));
    parser.on('finish', () => settle(() => (tooLarge ? reject(refuseSize()) : resolve({ file, fields }))));
    const slices = Array.from({ length: Math.ceil(body.length / SLICE_BYTES) }, (_, i) =>
      body.subarray(i * SLICE_BYTES, (i + 1) * SLICE_BYTES),
    );
    Readable.from(slices).pipe(parser);
  });
}

/** readForm's file with its name, under a rule (IMAGE_RULE by default), or null when the form has none. */
export async function firstFilePart(body: Buffer, contentType: string, rule: UploadRule = IMAGE_RULE): Promise<FilePart | null> {
  return (await readForm(body, contentType, rule)).file;
}

/** readForm's file bytes under the image rule, or null when the form has none. */
export async function firstFile(body: Buffer, contentType: string): Promise<Buffer | null> {
  return (await readForm(body, contentType)).file?.bytes ?? null;
}
