// The built web app is served at / with history fallback and long cache headers on hashed assets.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helper.ts';

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's precompressed copy (apps/web/precompress.ts) and its first-screen preload table.
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(
      path.join(webDist, '.vite', 'first-screens.json'),
      JSON.stringify({ '/retailer/order': ['assets/catalog-page-def456.js', 'assets/catalog-page-def456.css'] }),
    );
    // The web build copies apps/web/public as is: the same icon files.
    for (const icon of ['favicon.ico', 'favicon.svg']) copyFileSync(path.join(WEB_PUBLIC, icon), path.join(webDist, icon));
    ctx = await createTestContext({ webDist });
  });
  afterAll(() => ctx.close());

  it('serves index.html at / and at any client route', async () => {
    for (const url of ['/', '/retailer/dashboard', '/sales/order/details/123?x=1']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.status).toBe(200);
      expect(res.raw.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names a first screen's chunks and styles in its page, and no other page's", async () => {
    const order = await call(ctx.app, { method: 'GET', url: '/retailer/order' });
    expect(order.raw.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/catalog-page-def456.js">\n    <link rel="preload" as="style" crossorigin href="/assets/catalog-page-def456.css">\n  </head>',
    );
    expect(order.headers['content-type']).toBe('text/html; charset=utf-8');
    const other = await call(ctx.app, { method: 'GET', url: '/retailer/cart' });
    expect(other.raw.body).not.toContain('preload');
    expect(other.raw.body).toContain('<div id="root"></div>');
  });

  it('sends the precompressed copy of an asset to a browser that accepts it', async () => {
    const url = '/assets/index-abc123.js';
    const br = await call(ctx.app, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.raw.rawPayload).toString()).toBe('console.log(1)');
    const plain = await call(ctx.app, { method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.body).toBe('console.log(1)');
  });

  it('sends security headers: a same-origin content policy, no framing, no sniffing', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers /favicon.ico with the icon (an image), not the page', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/favicon.ico' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = res.raw.rawPayload;
    expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // ICO header: reserved 0, type 1 (icon)
    expect(body.equals(readFileSync(path.join(WEB_PUBLIC, 'favicon.ico')))).toBe(true);
    const svg = await call(ctx.app, { method: 'GET', url: '/favicon.svg' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('the page links its icons', () => {
    const html = readFileSync(path.resolve(WEB_PUBLIC, '../index.html'), 'utf8');
    expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
  });

  it('a missing file is 404, never the page (a browser would take the HTML for an image)', async () => {
    for (const url of ['/apple-touch-icon.png', '/missing/logo.svg', '/assets/gone-123.js']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(res.raw.body).not.toContain('<div id="root">');
    }
  });

  it('does not fall back to index.html under /api', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/unknown/thing' });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
