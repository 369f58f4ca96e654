// The built web app is served at / with history fallback and long cache headers on hashed assets.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helper.ts';

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
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

  it('does not fall back to index.html under /api', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/unknown/thing' });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
