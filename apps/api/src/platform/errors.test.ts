// refusalFor: every Fastify error the caller can cause maps to a fixed message that repeats nothing of
// the request; the ones that are the server's fault are left to the 500 branch.
import { errorCodes, type FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hasNulCharacter, refusalFor } from './errors.ts';

const MARKER = 'zzmarkerzz';

describe('refusalFor', () => {
  const all = Object.entries(errorCodes).map(([code, E]) => {
    const err = new (E as unknown as new (...args: string[]) => FastifyError)(MARKER, MARKER, MARKER);
    return { code, err };
  });

  it('answers every 4xx FST_ERR_* with its status and a message that does not repeat the input', () => {
    const clientErrors = all.filter(({ err }) => (err.statusCode ?? 500) < 500);
    expect(clientErrors.length).toBeGreaterThanOrEqual(10);
    for (const { code, err } of clientErrors) {
      expect(err.message, code).toContain(MARKER); // Fastify's own message would echo it
      const refusal = refusalFor(err);
      expect(refusal?.status, code).toBe(err.statusCode);
      expect(refusal!.message, code).not.toContain(MARKER);
    }
  });

  it('gives the exact answer for the failures a client meets', () => {
    const byCode = Object.fromEntries(all.map(({ code, err }) => [code, refusalFor(err)]));
    expect(byCode.FST_ERR_BAD_URL).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The request address is not valid',
    });
    expect(byCode.FST_ERR_MAX_PARAM_LENGTH).toEqual({
      status: 414,
      code: 'URI_TOO_LONG',
      message: 'The request address is too long',
    });
    expect(byCode.FST_ERR_CTP_BODY_TOO_LARGE).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
    expect(byCode.FST_ERR_CTP_INVALID_MEDIA_TYPE).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type',
    });
    expect(byCode.FST_ERR_CTP_INVALID_JSON_BODY).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Request body is not valid JSON',
    });
    expect(byCode.FST_ERR_CTP_INVALID_CONTENT_LENGTH).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The request is not valid',
    });
    expect(byCode.FST_ERR_NOT_FOUND).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Route not found' });
  });

  it('leaves server-side failures (5xx, no status) to the 500 branch', () => {
    const serverErrors = all.filter(({ err }) => (err.statusCode ?? 500) >= 500);
    expect(serverErrors.length).toBeGreaterThan(0);
    for (const { code, err } of serverErrors) expect(refusalFor(err), code).toBeNull();
    expect(refusalFor(new Error('boom') as FastifyError)).toBeNull();
  });
});

describe('hasNulCharacter', () => {
  it('finds a NUL in strings, keys, arrays and nested objects, and nothing else', () => {
    expect(hasNulCharacter('a\u0000b')).toBe(true);
    expect(hasNulCharacter({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(hasNulCharacter({ ['k\u0000']: 1 })).toBe(true);
    expect(hasNulCharacter({ a: ['x', 1, null, { b: 'ü 漢字 😀' }] })).toBe(false);
    expect(hasNulCharacter(undefined)).toBe(false);
  });
});
