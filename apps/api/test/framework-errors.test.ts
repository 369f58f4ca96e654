// Issue 12 §4: failures raised by Fastify and by Node's HTTP parser answer in the envelope, with the
// exact status, the security headers and no-store, and never repeat the URL, a header or the body.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createBaseWorld, WORLD } from '../src/db/seed/base-world.ts';
import { access } from '../src/platform/auth/access.ts';
import { ok } from '../src/platform/envelope.ts';
import { PERMISSIONS_POLICY } from '../src/platform/security-headers.ts';
import { call, createTestContext, tokenFor, usePostgres, type TestContext } from './helper.ts';

/** Each database's run listens on its own port of this helper's range (4300-4399). */
export const FRAMEWORK_PORT = usePostgres ? 4351 : 4301;

const MARKER = 'zzmarkerzz';

function expectHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(headers['cache-control']).toBe('no-store');
}

/** A raw request over a socket: what inject() cannot send (an oversize head) or would normalise. */
function rawHttp(port: number, head: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('framework failures answer in the envelope with the headers', () => {
  let ctx: TestContext;
  let retailer: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    await ctx.app.listen({ host: '127.0.0.1', port: FRAMEWORK_PORT });
  });
  afterAll(() => ctx.close());

  it('a bad percent-encoding in the path is 400, without the path', async () => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/retailer/orderHistoryByOrderNumber/%E0%A4%A${MARKER}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'The request address is not valid',
      error: { code: 'VALIDATION_ERROR' },
    });
    expectHeaders(res.headers);
  });

  it('a path parameter over 100 characters is 414, without the URL', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/retailer/orderHistoryByOrderNumber/${MARKER}${'9'.repeat(200)}`,
    });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ success: false, message: 'The request address is too long', error: { code: 'URI_TOO_LONG' } });
    expectHeaders(res.headers);
  });

  it('a request target over 8 KB is 414 before the guard', async () => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/health?q=${MARKER}${'a'.repeat(9000)}` });
    expect(res.status).toBe(414);
    expect(res.body.error).toEqual({ code: 'URI_TOO_LONG' });
    expect(res.raw.body).not.toContain(MARKER);
    expectHeaders(res.headers);
  });

  it('an unknown route is 404 with a fixed message', async () => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/${MARKER}?x=${MARKER}` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Route not found', error: { code: 'NOT_FOUND' } });
    expectHeaders(res.headers);
  });

  it('an unsupported content type is 415, without the type', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      token: retailer,
      headers: { 'content-type': `application/${MARKER}` },
      payload: 'x',
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message: 'Unsupported content type', error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expectHeaders(res.headers);
  });

  it('a body over 1 MB is 413', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email_phone: MARKER + 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Request body is too large', error: { code: 'PAYLOAD_TOO_LARGE' } });
    expectHeaders(res.headers);
  });

  it('malformed JSON is 400 without the parser message or the body', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email_phone": ${MARKER}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Request body is not valid JSON', error: { code: 'VALIDATION_ERROR' } });
    expectHeaders(res.headers);
  });

  it('a __proto__ key is refused as invalid JSON', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__": {"${MARKER}": 1}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Request body is not valid JSON', error: { code: 'VALIDATION_ERROR' } });
    expectHeaders(res.headers);
  });

  it('a NUL character in a path parameter, the query or a JSON body is 400 on both databases', async () => {
    const refused = {
      success: false,
      message: 'The request contains a character that is not allowed',
      error: { code: 'VALIDATION_ERROR' },
    };
    const inPath = await call(ctx.app, { method: 'GET', url: '/api/retailer/orderHistoryByOrderNumber/a%00b', token: retailer });
    expect([inPath.status, inPath.body]).toEqual([400, refused]);
    const inQuery = await call(ctx.app, { method: 'GET', url: '/api/retailer/orderPdf?orderNumber=%00', token: retailer });
    expect([inQuery.status, inQuery.body]).toEqual([400, refused]);
    const inBody = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      token: retailer,
      payload: { productId: 'p\u0000', quantity: 1 },
    });
    expect([inBody.status, inBody.body]).toEqual([400, refused]);
    expectHeaders(inBody.headers);
  });

  it('a wrong content length is 400 over a real socket', async () => {
    const res = await rawHttp(
      FRAMEWORK_PORT,
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: zz\r\n\r\n{}',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      message: 'The request is not valid',
      error: { code: 'VALIDATION_ERROR' },
    });
    expectHeaders(res.headers);
  });

  it('headers over the parser limit are 431 in the envelope over a real socket', async () => {
    const res = await rawHttp(
      FRAMEWORK_PORT,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${MARKER}${'h'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      message: 'Request headers are too large',
      error: { code: 'HEADERS_TOO_LARGE' },
    });
    expect(res.body).not.toContain(MARKER);
    expectHeaders(res.headers);
  });

  it('a URL over the parser limit is 431 in the envelope, one just under it 414', async () => {
    const huge = await rawHttp(FRAMEWORK_PORT, `GET /api/health?q=${MARKER}${'u'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(huge.body).not.toContain(MARKER);
    expectHeaders(huge.headers);
    const long = await rawHttp(
      FRAMEWORK_PORT,
      `GET /api/health?q=${MARKER}${'u'.repeat(12_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body).error).toEqual({ code: 'URI_TOO_LONG' });
    expect(long.body).not.toContain(MARKER);
    expectHeaders(long.headers);
  });

  it('a malformed request line is 400 in the envelope over a real socket', async () => {
    const res = await rawHttp(FRAMEWORK_PORT, `GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header ${MARKER}\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toEqual({ code: 'VALIDATION_ERROR' });
    expect(res.body).not.toContain(MARKER);
    expectHeaders(res.headers);
  });

  it('an x-request-id is kept only when it looks like an id (it is logged and shown on a 500)', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    await app.register(
      async (api) => void api.get('/health/__id', { config: { access: access.public } }, async (req) => ok(req.id)),
      {
        prefix: '/api',
      },
    );
    const idOf = async (header?: string) =>
      (
        await call(app, {
          method: 'GET',
          url: '/api/health/__id',
          headers: header === undefined ? {} : { 'x-request-id': header },
        })
      ).body.data;
    expect(await idOf('proxy-1234.abc:9')).toBe('proxy-1234.abc:9');
    for (const hostile of [`<${MARKER}>`, `${MARKER} ${MARKER}`, 'x'.repeat(129), '']) {
      expect(await idOf(hostile)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await idOf()).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('a bad percent-encoding over a real socket keeps the headers too', async () => {
    const res = await new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: FRAMEWORK_PORT, path: '/api/sales/cartItem/%zz' }, (r) => {
        r.resume();
        r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(400);
    expectHeaders(res.headers);
  });
});

describe('Cache-Control and Permissions-Policy on ordinary answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
  });
  afterAll(() => ctx.close());

  it('a signed-in answer is no-store and carries Permissions-Policy', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    const res = await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items', token });
    expect(res.status).toBe(200);
    expectHeaders(res.headers);
  });

  it('a refused and a public API answer are no-store too', async () => {
    const refused = await call(ctx.app, { method: 'GET', url: '/api/retailer/cart/items' });
    expect(refused.status).toBe(401);
    expectHeaders(refused.headers);
    const health = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
    expectHeaders(health.headers);
  });
});
