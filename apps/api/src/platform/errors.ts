// Typed application errors and the one error handler that turns anything thrown into the envelope.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
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
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large'));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED', fe.message || 'Too many requests. Please try again later.'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 && !isResponseSerializationError(err)) {
      // Malformed JSON, empty body with a JSON content type and the like.
      const code =
        fe.statusCode === 401
          ? 'UNAUTHORIZED'
          : fe.statusCode === 403
            ? 'FORBIDDEN'
            : fe.statusCode === 404
              ? 'NOT_FOUND'
              : 'VALIDATION_ERROR';
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is not valid JSON'
          : fe.message;
      return reply.status(fe.statusCode).send(errorBody(code, message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'Internal server error', { requestId: String(request.id) }));
  });
}
