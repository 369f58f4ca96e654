// Answers over 1 KB come compressed to clients that accept it; compressed catalogue pages
// decode to exactly the plain answer. Every answer carries the security headers.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../src/db/seed/base-world.ts';
import { createCatalogContext } from './fixtures/catalog-fixtures.ts';
import { tokenFor, type TestContext } from './helper.ts';

describe('compression and security headers', () => {
  let ctx: TestContext;
  let token: string;
  const inventory = (acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/retailer/getInventory',
      payload: { search: 'cola' },
      headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    token = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  it('a catalogue page: plain, brotli and gzip carry the same answer', async () => {
    const plain = await inventory();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ success: true, data: { page: 1 } });

    const br = await inventory('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await inventory('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('other answers over 1 KB are compressed as they are sent; small ones are not', async () => {
    const big = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString())).toHaveProperty('openapi');

    const small = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
  });

  it('API answers carry the security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
