// Media over HTTP: the office's image upload (formats accepted and refused by their bytes, the size
// limit, the thumbnail, generated names, the Products permission), serving with its headers, unknown
// keys and path traversal, the service's URL checks for the products module, and the same upload and
// serving through the S3 storage against s3rver. Runs on SQLite and PostgreSQL.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, thumbnailUrlOf } from '@portal/shared/media/media.schemas';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { makeImage, multipart, startS3Server, type FilePart } from '../../../test/fixtures/media-fixtures.ts';
import { isOwnMediaUrl, mediaStorage, ownMediaUrlExists } from './media.service.ts';

const URL_RE = /^\/media\/[0-9a-f]{64}\.(jpg|png|webp|gif)$/;

async function upload(ctx: TestContext, token: string | undefined, files: FilePart[]) {
  return call(ctx.app, { method: 'POST', url: '/api/admin/media/images', token, ...multipart(files) });
}

/** What every refusal of the upload looks like. */
const refusal = (code: string, message: string) => ({ success: false, message, error: { code } });

describe('media: upload and serving on disk', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(() => ctx.close());

  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
    ['gif', 'photo.gif', 'image/gif'],
  ] as const)('accepts a %s image, stores it under a generated name and serves it back', async (format, filename, type) => {
    const bytes = await makeImage(format, 800, 600);
    const res = await upload(ctx, admin, [{ filename, contentType: type, bytes }]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Image uploaded');
    const data = res.body.data;
    expect(data).toEqual({
      url: expect.stringMatching(URL_RE),
      thumbnailUrl: thumbnailUrlOf(data.url),
      width: 800,
      height: 600,
      contentType: type,
      bytes: bytes.length,
    });
    expect(data.url).not.toContain('photo');

    const served = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(bytes.length);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const head = await ctx.app.inject({ method: 'HEAD', url: data.url });
    expect([head.statusCode, head.headers['content-type'], Number(head.headers['content-length']), head.body]).toEqual([
      200,
      type,
      bytes.length,
      '',
    ]);

    const thumb = await ctx.app.inject({ method: 'GET', url: data.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
  });

  it('judges by the bytes, not the name or declared type: PNG bytes named .jpg are stored as PNG', async () => {
    const bytes = await makeImage('png', 50, 40);
    const res = await upload(ctx, admin, [{ filename: 'shelf.jpg', contentType: 'image/jpeg', bytes }]);
    expect(res.status).toBe(200);
    expect(res.body.data.contentType).toBe('image/png');
    expect(res.body.data.url).toMatch(/\.png$/);
    // A thumbnail is never wider than its original.
    const thumb = await ctx.app.inject({ method: 'GET', url: res.body.data.thumbnailUrl });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(50);
  });

  it('never uses the uploaded name: a traversal in the file name stays out of storage', async () => {
    const bytes = await makeImage('jpeg', 64, 64);
    const res = await upload(ctx, admin, [{ filename: '../../../evil.php.jpg', contentType: 'image/jpeg', bytes }]);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(URL_RE);
    const dir = (ctx.config.media as { dir: string }).dir;
    expect(readdirSync(dir).every((name) => /^[0-9a-f]{64}(\.(jpg|png|webp|gif)|-thumb\.webp)$/.test(name))).toBe(true);
    expect(existsSync(path.join(ctx.config.dataDir, 'evil.php.jpg'))).toBe(false);
  });

  it('the same bytes uploaded twice give the same URLs', async () => {
    const bytes = await makeImage('webp', 120, 90);
    const first = await upload(ctx, admin, [{ filename: 'a.webp', contentType: 'image/webp', bytes }]);
    const second = await upload(ctx, admin, [{ filename: 'b.webp', contentType: 'image/webp', bytes }]);
    expect(second.body.data).toEqual(first.body.data);
  });

  it.each([
    [
      'an SVG named .png',
      'logo.png',
      'image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
    ],
    [
      'an HTML file named .jpg',
      'page.jpg',
      'image/jpeg',
      Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    ],
    ['a PDF', 'sheet.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')],
    ['a text file', 'notes.gif', 'image/gif', Buffer.from('just some words, no image here')],
  ])('refuses %s by its bytes (415)', async (_label, filename, contentType, bytes) => {
    const res = await upload(ctx, admin, [{ filename, contentType, bytes }]);
    expect([res.status, res.body]).toEqual([
      415,
      refusal('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP or GIF images can be uploaded'),
    ]);
  });

  it('refuses a truncated JPEG (400) and stores nothing', async () => {
    const dir = (ctx.config.media as { dir: string }).dir;
    const before = readdirSync(dir).length;
    const bytes = await makeImage('jpeg', 800, 600);
    const res = await upload(ctx, admin, [
      { filename: 'cut.jpg', contentType: 'image/jpeg', bytes: bytes.subarray(0, bytes.length >> 1) },
    ]);
    expect([res.status, res.body]).toEqual([
      400,
      refusal('VALIDATION_ERROR', 'The image could not be read: the file is damaged or incomplete'),
    ]);
    expect(readdirSync(dir).length).toBe(before);
  });

  it('refuses an image over 5 MB (413) and accepts one of exactly 5 MB', async () => {
    const jpeg = await makeImage('jpeg', 64, 64);
    // A valid JPEG followed by padding: decoders stop at the end-of-image marker.
    const exact = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES - jpeg.length)]);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const refused = await upload(ctx, admin, [{ filename: 'big.jpg', contentType: 'image/jpeg', bytes: over }]);
    expect([refused.status, refused.body]).toEqual([413, refusal('PAYLOAD_TOO_LARGE', 'The image must be 5 MB or smaller')]);
    const accepted = await upload(ctx, admin, [{ filename: 'five.jpg', contentType: 'image/jpeg', bytes: exact }]);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.bytes).toBe(IMAGE_MAX_BYTES);
  });

  it('refuses a request without a file, a JSON body and a broken form with clear messages', async () => {
    const noFile = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/media/images',
      token: admin,
      ...multipart([], { caption: 'no file here' }),
    });
    expect([noFile.status, noFile.body]).toEqual([400, refusal('VALIDATION_ERROR', 'Please select a file to upload.')]);
    const json = await call(ctx.app, { method: 'POST', url: '/api/admin/media/images', token: admin, payload: { url: 'x' } });
    expect([json.status, json.body]).toEqual([415, refusal('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data')]);
    const broken = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/media/images',
      token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\n\r\n\xff\xd8\xff',
    });
    expect([broken.status, broken.body]).toEqual([
      400,
      refusal('VALIDATION_ERROR', 'The upload could not be read. Send one image as multipart/form-data.'),
    ]);
  });

  it('answers a form the parser cannot finish, or one with more than one file, at once with a 400', async () => {
    // A part without Content-Disposition (busboy skips it) holding more than 5 MB, sent as one chunk.
    const boundary = 'b0undary';
    const skipped = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(IMAGE_MAX_BYTES + 10),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = Date.now();
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/media/images',
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: skipped,
    });
    expect(res.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(4_000);
    const bytes = await makeImage('png', 10, 10);
    const two = await upload(ctx, admin, [
      { filename: 'a.png', contentType: 'image/png', bytes },
      { filename: 'b.png', contentType: 'image/png', bytes },
    ]);
    expect([two.status, two.body]).toEqual([
      400,
      refusal('VALIDATION_ERROR', 'The upload could not be read. Send one image as multipart/form-data.'),
    ]);
    // A body far over the limit is refused from its declared length, with the image message.
    const huge = await upload(ctx, admin, [
      { filename: 'huge.jpg', contentType: 'image/jpeg', bytes: Buffer.alloc(IMAGE_MAX_BYTES * 2) },
    ]);
    expect([huge.status, huge.body]).toEqual([413, refusal('PAYLOAD_TOO_LARGE', 'The image must be 5 MB or smaller')]);
  });

  it('answers 404 for unknown keys and anything that is not a key, never a file outside storage', async () => {
    const dataDirFile = encodeURIComponent(path.join(ctx.config.dataDir, 'jwt-secret.txt'));
    for (const url of [
      `/media/${'a'.repeat(64)}.jpg`,
      '/media/..%2F..%2Fjwt-secret.txt',
      '/media/%2e%2e%2fjwt-secret.txt',
      '/media/..%5Cjwt-secret.txt',
      `/media/${dataDirFile}`,
      '/media/.',
      '/media/x.svg',
    ]) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect([url, res.status, res.body]).toEqual([url, 404, refusal('NOT_FOUND', 'Route not found')]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/media/../data/jwt-secret.txt' })).statusCode).toBe(404);
  });

  it('is public to read: retailers and anonymous browsers load product images', async () => {
    const bytes = await makeImage('png', 30, 30);
    const { data } = (await upload(ctx, admin, [{ filename: 'p.png', contentType: 'image/png', bytes }])).body;
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    for (const headers of [{}, { authorization: `Bearer ${retailer}` }, { authorization: 'Bearer not.a.jwt' }]) {
      expect((await ctx.app.inject({ method: 'GET', url: data.url, headers })).statusCode).toBe(200);
    }
  });

  it('upload needs the Products permission to add or to edit', async () => {
    await addDistributorUser(ctx.db, 'user-products-view', { Products: { view: true } });
    await addDistributorUser(ctx.db, 'user-products-add', { Products: { view: true, add: true } });
    await addDistributorUser(ctx.db, 'user-products-edit', { Products: { view: true, edit: true } });
    await addDistributorUser(ctx.db, 'user-no-products', { Vendors: ALL, Orders: ALL });
    const bytes = await makeImage('jpeg', 40, 40);
    const file = [{ filename: 'p.jpg', contentType: 'image/jpeg', bytes }];
    for (const user of ['user-products-add', 'user-products-edit']) {
      expect((await upload(ctx, await tokenFor(ctx, user), file)).status, user).toBe(200);
    }
    for (const user of ['user-products-view', 'user-no-products']) {
      const res = await upload(ctx, await tokenFor(ctx, user), file);
      expect([user, res.status, res.body]).toEqual([
        user,
        403,
        refusal('FORBIDDEN', 'You do not have add or edit permission for Products'),
      ]);
    }
    const retailer = await upload(ctx, await tokenFor(ctx, WORLD.users.retailer.id), file);
    expect(retailer.status).toBe(403);
    const anonymous = await upload(ctx, undefined, file);
    expect(anonymous.status).toBe(401);
  });

  it('tells the products module which image URLs are uploads of this portal', async () => {
    const bytes = await makeImage('gif', 20, 20);
    const { data } = (await upload(ctx, admin, [{ filename: 'p.gif', contentType: 'image/gif', bytes }])).body;
    expect(isOwnMediaUrl(data.url)).toBe(true);
    expect(isOwnMediaUrl(data.thumbnailUrl)).toBe(true);
    expect(await ownMediaUrlExists(ctx.config, data.url)).toBe(true);
    const missing = `/media/${'b'.repeat(64)}.png`;
    expect(isOwnMediaUrl(missing)).toBe(true);
    expect(await ownMediaUrlExists(ctx.config, missing)).toBe(false);
    for (const other of [
      `https://evil.test${data.url}`,
      `${data.url}?x=1`,
      '/product-images/beverages.svg',
      '/media/../x.png',
      `/media/${'c'.repeat(64)}.svg`,
      '',
    ]) {
      expect([other, isOwnMediaUrl(other)]).toEqual([other, false]);
      expect(await ownMediaUrlExists(ctx.config, other)).toBe(false);
    }
  });
});

describe('media: served beside the built web app (production, npm start)', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'portal-media-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
    ctx = await createTestContext({ webDist });
    await createBaseWorld(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /media/<key> with the image, and an unknown key with a 404, never the page', async () => {
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const bytes = await makeImage('jpeg', 100, 80);
    const { data } = (await upload(ctx, admin, [{ filename: 'x.jpg', contentType: 'image/jpeg', bytes }])).body;
    const served = await ctx.app.inject({ method: 'GET', url: data.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const missing = await ctx.app.inject({ method: 'GET', url: `/media/${'e'.repeat(64)}.jpg` });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
    // The page itself is still the app's.
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/products' })).body).toContain('<title>Portal</title>');
  });
});

describe('media: S3-compatible storage (s3rver on 127.0.0.1)', () => {
  let ctx: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let admin: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestContext({ media: s3.media });
    await createBaseWorld(ctx.db);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
  });

  it('uploads into the bucket under the prefix and serves from it with the stored content type', async () => {
    const bytes = await makeImage('png', 640, 480);
    const res = await upload(ctx, admin, [{ filename: 'bucket.png', contentType: 'image/png', bytes }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ width: 640, height: 480, contentType: 'image/png', bytes: bytes.length });
    const storage = mediaStorage(ctx.config);
    expect(storage.kind).toBe('s3');
    const key = res.body.data.url.slice('/media/'.length);
    expect(await storage.has(key)).toBe(true);
    // Nothing landed on the local disk.
    expect(existsSync(path.join(ctx.config.uploadsDir, 'media'))).toBe(false);

    const served = await ctx.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const thumb = await ctx.app.inject({ method: 'GET', url: res.body.data.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(await ownMediaUrlExists(ctx.config, res.body.data.url)).toBe(true);

    await storage.delete(key);
    expect(await storage.has(key)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: res.body.data.url })).statusCode).toBe(404);
    await storage.delete(key); // deleting a missing key is not an error
  });

  it('refuses bad bytes before anything reaches the bucket', async () => {
    const res = await upload(ctx, admin, [{ filename: 'x.png', contentType: 'image/png', bytes: Buffer.from('<svg/>') }]);
    expect(res.status).toBe(415);
    expect((await ctx.app.inject({ method: 'GET', url: `/media/${'d'.repeat(64)}.png` })).statusCode).toBe(404);
  });
});
