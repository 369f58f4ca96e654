// Typed application errors and the one error handler that turns anything thrown into the envelope,
// including failures Fastify and Node's HTTP parser raise before a route runs (frameworkErrors and
// clientErrorHandler below). An error answer never repeats the URL, a header or the body it was sent.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorAnswerHeaders } from './security-headers.ts';

export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'CUSTOMER_CONTEXT_CHANGED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'URI_TOO_LONG'
  | 'HEADERS_TOO_LARGE'
  | 'INTERNAL_ERROR'
  | (string & {});

const STATUS: Record<string, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CUSTOMER_CONTEXT_CHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
};

/** An error a service throws on purpose: its message is shown to the user as it is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly data?: unknown;

  constructor(code: ErrorCode, message: string, opts: { status?: number; fields?: Record<string, string>; data?: unknown } = {}) {
    super(message);
    this.code = code;
    this.status = opts.status ?? STATUS[code] ?? 400;
    this.fields = opts.fields;
    this.data = opts.data;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', message, { fields });
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, data?: unknown) => new AppError('CONFLICT', message, { data });

export interface ErrorBody {
  success: false;
  message: string;
  error: { code: string; fields?: Record<string, string>; requestId?: string };
  data?: unknown;
}

function errorBody(
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; requestId?: string; data?: unknown } = {},
): ErrorBody {
  const body: ErrorBody = { success: false, message, error: { code } };
  if (extra.fields) body.error.fields = extra.fields;
  if (extra.requestId) body.error.requestId = extra.requestId;
  if (extra.data !== undefined) body.data = extra.data;
  return body;
}

function fieldName(path: readonly PropertyKey[] | string | undefined, fallback: string): string {
  if (Array.isArray(path) && path.length) return path.map(String).join('.');
  if (typeof path === 'string' && path) return path.replace(/^\//, '').replaceAll('/', '.');
  return fallback;
}

/** The longest request target (path and query) answered normally; longer is 414. */
export const MAX_URL_LENGTH = 8 * 1024;

export const ROUTE_NOT_FOUND_MESSAGE = 'Route not found';
export const INVALID_JSON_MESSAGE = 'Request body is not valid JSON';
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Unsupported content type';
export const URI_TOO_LONG_MESSAGE = 'The request address is too long';
export const BAD_URL_MESSAGE = 'The request address is not valid';
export const HEADERS_TOO_LARGE_MESSAGE = 'Request headers are too large';
export const BAD_REQUEST_MESSAGE = 'The request is not valid';
export const NUL_CHARACTER_MESSAGE = 'The request contains a character that is not allowed';

interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/**
 * What to answer to an error Fastify raised (FST_ERR_*, body parser errors, a 4xx status on a plain
 * error), or null when it is not the caller's fault. Fixed messages only: Fastify's own messages
 * quote the URL, the content type or the parser's view of the body.
 */
export function refusalFor(err: FastifyError): Refusal | null {
  const code = err.code ?? '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_MEDIA_TYPE_MESSAGE };
  }
  if (code === 'FST_ERR_MAX_PARAM_LENGTH' || err.statusCode === 414) {
    return { status: 414, code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE };
  }
  if (code === 'FST_ERR_BAD_URL') return { status: 400, code: 'VALIDATION_ERROR', message: BAD_URL_MESSAGE };
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, code: 'VALIDATION_ERROR', message: INVALID_JSON_MESSAGE };
  }
  if (err.statusCode === 429) {
    return { status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' };
  }
  const status = err.statusCode;
  if (status && status >= 400 && status < 500) {
    // Anything else the caller caused: a bad content length, a forbidden __proto__ key, a validation
    // error outside zod, another FST_ERR_* with a 4xx status.
    const byStatus: Record<number, Refusal> = {
      401: { status, code: 'UNAUTHORIZED', message: 'Authentication required' },
      403: { status, code: 'FORBIDDEN', message: 'You do not have permission to do this' },
      404: { status, code: 'NOT_FOUND', message: ROUTE_NOT_FOUND_MESSAGE },
    };
    return byStatus[status] ?? { status, code: 'VALIDATION_ERROR', message: BAD_REQUEST_MESSAGE };
  }
  return null;
}

function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  return reply.status(refusal.status).send(errorBody(refusal.code, refusal.message));
}

/**
 * Fastify's frameworkErrors option: the router's bad percent-encoding (FST_ERR_BAD_URL) and overlong
 * path parameter (FST_ERR_MAX_PARAM_LENGTH), raised before any hook, so the headers are set here.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(errorAnswerHeaders());
  const refusal = refusalFor(err);
  if (refusal) {
    sendRefusal(reply, refusal);
    return;
  }
  request.log.error({ err }, 'framework error');
  reply.status(500).send(errorBody('INTERNAL_ERROR', 'Internal server error', { requestId: String(request.id) }));
}

/** The raw HTTP/1.1 answer for a client error that Node's parser raised: the envelope and the headers. */
export function rawErrorAnswer(status: number, code: ErrorCode, message: string): string {
  const body = JSON.stringify(errorBody(code, message));
  const headers: Record<string, string> = {
    ...errorAnswerHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }[
    status
  ];
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${status} ${reason ?? 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify's clientErrorHandler (Node's 'clientError'): a request the HTTP parser refused, such as
 * headers over the size limit (431), a malformed request line or header (400) or a timeout (408).
 * There is no request or reply object; the answer is written to the socket and the socket closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawErrorAnswer(431, 'HEADERS_TOO_LARGE', HEADERS_TOO_LARGE_MESSAGE)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawErrorAnswer(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive')
        : rawErrorAnswer(400, 'VALIDATION_ERROR', BAD_REQUEST_MESSAGE);
  if (socket.writable) socket.end(answer);
  else socket.destroy(err);
}

/** Whether a parsed input (params, query, body) holds a NUL character in a string or a key. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper than any route's schema goes: validation refuses the shape itself.
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  // Bytes are not text (an uploaded file's body): nothing there reaches a text column.
  if (ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || hasNulCharacter(v, depth + 1)) return true;
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    // A fixed message: the path is the caller's own input and is never repeated back.
    reply.status(404).send(errorBody('NOT_FOUND', ROUTE_NOT_FOUND_MESSAGE));
  });

  // Node's parser limits the request line and headers together (16 KB); a target under that but over
  // MAX_URL_LENGTH is refused here, before the guard or any route reads it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      sendRefusal(reply, { status: 414, code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE });
      return;
    }
    done();
  });

  // PostgreSQL text cannot hold NUL (the driver fails with a 500), and no field of the portal needs it:
  // any NUL in a path parameter, the query or a JSON body is refused before validation, on both databases.
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNulCharacter(request.params) || hasNulCharacter(request.query) || hasNulCharacter(request.body)) {
      done(new AppError('VALIDATION_ERROR', NUL_CHARACTER_MESSAGE));
      return;
    }
    done();
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, { fields: err.fields, data: err.data }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
        const name = fieldName(params?.issue?.path ?? issue.instancePath, err.validationContext ?? 'body');
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send(errorBody('VALIDATION_ERROR', first, { fields }));
    }
    if (!isResponseSerializationError(err)) {
      const refusal = refusalFor(err as FastifyError);
      if (refusal) return sendRefusal(reply, refusal);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'Internal server error', { requestId: String(request.id) }));
  });
}
