// Stories over HTTP on SQLite and PostgreSQL: every path of spec §7 Stories, the spec §5 file rules at
// their exact byte boundaries and by the file's bytes (a PNG renamed .mp4, an SVG with script), serving
// with range requests (disk and S3), the schedule, audiences and links, soft delete, viewed marks per
// retailer, the seen-by counts and completion, and who may call what.
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORY_MAX_BYTES, STORY_MESSAGES } from '@portal/shared/stories/stories.schemas';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, nowIso, resetClock } from '../../platform/clock.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { P, createCatalogContext, createCatalogFixtures } from '../../../test/fixtures/catalog-fixtures.ts';
import { createBaseWorld } from '../../db/seed/base-world.ts';
import { makeImage, multipart, startS3Server, type FilePart } from '../../../test/fixtures/media-fixtures.ts';

/** A real PNG padded with a private ancillary chunk (which decoders skip) to exactly `size` bytes. */
async function pngOfSize(size: number): Promise<Buffer> {
  const png = await makeImage('png', 40, 30);
  const iend = png.length - 12;
  const dataLength = size - png.length - 12;
  const type = Buffer.from('prVt', 'latin1');
  const data = Buffer.alloc(dataLength, 7);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(dataLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, iend), head, type, data, crc, png.subarray(iend)]);
}

const box = (type: string, payload: Buffer) => {
  const b = Buffer.alloc(8 + payload.length);
  b.writeUInt32BE(8 + payload.length);
  b.write(type, 4, 'latin1');
  payload.copy(b, 8);
  return b;
};
/** An MP4 (its ftyp box, as every MP4 starts) padded with a free box to exactly `size` bytes. */
function mp4OfSize(size: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const free = Buffer.alloc(size - ftyp.length - 8);
  for (let i = 0; i < free.length; i++) free[i] = i % 251;
  return Buffer.concat([ftyp, box('free', free)]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

type Fields = Record<string, string>;
const file = (filename: string, bytes: Buffer, contentType = 'application/octet-stream'): FilePart => ({
  filename,
  contentType,
  bytes,
  field: 'media',
});

describe('stories', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let retailer2: string;
  let sales: string;
  let viewOnly: string;
  let noDelete: string;

  const create = (fields: Fields, files: FilePart[], token = admin) =>
    call(ctx.app, { method: 'POST', url: '/api/distrubutor/stories', token, ...multipart(files, fields) });
  const imageStory = async (fields: Fields = {}) => {
    const res = await create({ mediaType: 'image', caption: 'New summer drinks', ...fields }, [
      file('summer.png', await makeImage('png', 64, 48), 'image/png'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; mediaUrl: string };
  };
  const office = async (token = admin) => (await call(ctx.app, { method: 'GET', url: '/api/distrubutor/stories', token })).body;
  const seen = async (token: string) => (await call(ctx.app, { method: 'GET', url: '/api/retailer/story', token })).body.data;

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id);
    sales = await tokenFor(ctx, WORLD.users.sales.id);
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'stories-viewer', { Stories: { view: true } }));
    noDelete = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'stories-editor', { Stories: { view: true, add: true, edit: true } }),
    );
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    resetClock();
    await ctx.db.deleteFrom('stories').execute();
  });

  it('publishes an image story and serves its file with its own content type', async () => {
    const res = await create({ mediaType: 'image', caption: 'New summer drinks' }, [
      file('summer.png', await makeImage('png', 64, 48), 'image/png'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Story created successfully' });
    expect(res.body.data).toEqual({
      id: expect.any(String),
      mediaType: 'image',
      mediaUrl: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/),
      caption: 'New summer drinks',
      isActive: true,
      createdAt: expect.any(String),
      startsAt: res.body.data.createdAt,
      endsAt: null,
      status: 'running',
      audience: { type: 'all', values: [] },
      product: null,
      promotion: null,
      seenBy: 0,
      audienceSize: 2, // the two demo retailers
      completion: 0,
    });
    const served = await ctx.app.inject({ method: 'GET', url: res.body.data.mediaUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['accept-ranges']).toBe('bytes');
    const row = await ctx.db.selectFrom('stories').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ distributor_id: WORLD.distributorId, created_by_user_id: WORLD.users.admin.id, is_active: 1 });
  });

  it.each([
    ['image', 'photo.png', pngOfSize],
    ['video', 'clip.mp4', async (n: number) => mp4OfSize(n)],
  ] as const)('a %s of exactly 5242880 bytes is accepted, one byte more is refused', async (mediaType, name, make) => {
    const exact = await make(STORY_MAX_BYTES);
    expect(exact.length).toBe(5_242_880);
    const ok = await create({ mediaType }, [file(name, exact)]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const over = await create({ mediaType }, [file(name, await make(STORY_MAX_BYTES + 1))]);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      success: false,
      message: 'File size must be less than 5MB.',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(await ctx.db.selectFrom('stories').select('id').execute()).toHaveLength(1);
  });

  it('refuses a form without its fields with the spec §5 messages', async () => {
    const png = await makeImage('png', 20, 20);
    const cases: [Fields, FilePart[], string, string][] = [
      [{ caption: 'x' }, [file('a.png', png)], STORY_MESSAGES.mediaTypeRequired, 'mediaType'],
      [{ mediaType: '' }, [file('a.png', png)], 'Media type is required', 'mediaType'],
      [{ mediaType: 'audio' }, [file('a.png', png)], 'Media type must be either image or video', 'mediaType'],
      [{ mediaType: 'image' }, [], 'Media is required.', 'media'],
      [{ mediaType: 'image' }, [file('a.png', Buffer.alloc(0))], 'Please select a file to upload.', 'media'],
    ];
    for (const [fields, files, message, field] of cases) {
      const res = await create(fields, files);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message,
        error: { code: 'VALIDATION_ERROR', fields: { [field]: message } },
      });
    }
    expect(await ctx.db.selectFrom('stories').select('id').execute()).toEqual([]);
  });

  it('refuses a wrong extension, a PNG renamed .mp4 and an SVG with script', async () => {
    const png = await makeImage('png', 20, 20);
    const refusals: [Fields, FilePart, number, string][] = [
      [{ mediaType: 'image' }, file('photo.bmp', png), 400, 'Please upload a valid image.'],
      [
        { mediaType: 'image' },
        file('page.html', Buffer.from('<html><script>1</script></html>')),
        400,
        'Please upload a valid image.',
      ],
      [{ mediaType: 'image' }, file('logo.svg', SVG, 'image/svg+xml'), 400, 'Please upload a valid image.'],
      [{ mediaType: 'video' }, file('photo.png', png), 400, 'Please upload a valid video.'],
      [{ mediaType: 'image' }, file('clip.mp4', mp4OfSize(4000)), 400, 'Please upload a valid image.'],
      // the name is right, the bytes are not
      [{ mediaType: 'video' }, file('clip.mp4', png, 'video/mp4'), 415, STORY_MESSAGES.notRealVideo],
      [{ mediaType: 'image' }, file('logo.png', SVG, 'image/png'), 415, STORY_MESSAGES.notRealImage],
      [{ mediaType: 'image' }, file('clip.png', mp4OfSize(4000), 'image/png'), 415, STORY_MESSAGES.notRealImage],
      [{ mediaType: 'image' }, file('cut.png', png.subarray(0, 40), 'image/png'), 400, STORY_MESSAGES.damaged],
    ];
    for (const [fields, part, status, message] of refusals) {
      const res = await create(fields, [part]);
      expect(res.status, `${part.filename}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await ctx.db.selectFrom('stories').select('id').execute()).toEqual([]);
  });

  it('serves a video with its type and answers range requests as a video element asks', async () => {
    const bytes = mp4OfSize(10_000);
    const res = await create({ mediaType: 'video', caption: 'Route 4 runs late' }, [file('late.MP4', bytes, 'video/mp4')]);
    expect(res.status).toBe(200);
    const url = res.body.data.mediaUrl as string;
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.mp4$/);
    const whole = await ctx.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const open = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=9990-' } });
    expect([open.statusCode, open.headers['content-range'], open.rawPayload.length]).toEqual([206, 'bytes 9990-9999/10000', 10]);
    const suffix = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(suffix.rawPayload.equals(bytes.subarray(9995))).toBe(true);
    const past = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=10000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10000');
    expect(past.headers['cache-control']).toBe('no-store');
    expect(past.json()).toMatchObject({ success: false, error: { code: 'RANGE_NOT_SATISFIABLE' } });
    const junk = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-2,5-6' } });
    expect(junk.statusCode).toBe(200); // more than one range: the whole file
  });

  it('shows a retailer the running stories newest first, with its own viewed marks', async () => {
    const first = await imageStory({ caption: 'First' });
    advanceClock(1000);
    const second = await imageStory({ caption: 'Second' });
    expect((await seen(retailer)).map((s: { caption: string }) => s.caption)).toEqual(['Second', 'First']);
    expect(await seen(retailer)).toEqual([
      {
        id: second.id,
        mediaType: 'image',
        mediaUrl: second.mediaUrl,
        caption: 'Second',
        isActive: true,
        createdAt: expect.any(String),
        viewed: false,
        product: null,
        promotion: null,
      },
      expect.objectContaining({ id: first.id, viewed: false }),
    ]);

    const mark = await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${first.id}`, token: retailer });
    expect(mark.status).toBe(200);
    expect(mark.body).toEqual({
      success: true,
      message: 'Story marked as viewed',
      data: { id: first.id, viewed: true, viewedAt: expect.any(String) },
    });
    advanceClock(5000);
    const again = await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${first.id}`, token: retailer });
    expect(again.body.data.viewedAt).toBe(mark.body.data.viewedAt); // the first view's time is kept

    expect((await seen(retailer)).map((s: { viewed: boolean }) => s.viewed)).toEqual([false, true]);
    expect((await seen(retailer2)).map((s: { viewed: boolean }) => s.viewed)).toEqual([false, false]);
    const items = (await office()).data.items;
    expect(items.map((s: { id: string; seenBy: number; completion: number }) => [s.id, s.seenBy, s.completion])).toEqual([
      [second.id, 0, 0],
      [first.id, 1, 50],
    ]);
    await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${first.id}`, token: retailer2 });
    expect((await office()).data.items[1]).toMatchObject({ seenBy: 2, audienceSize: 2, completion: 100 });

    const unknown = await call(ctx.app, { method: 'PUT', url: '/api/retailer/story/no-such-story', token: retailer });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Story not found');
  });

  it('switches a story off and on, and a delete is soft', async () => {
    const story = await imageStory();
    await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${story.id}`, token: retailer });
    const off = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: admin,
      payload: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      message: 'Story updated successfully',
      data: { isActive: false, status: 'inactive', seenBy: 1 },
    });
    expect(await seen(retailer)).toEqual([]);
    expect((await office()).data.items).toHaveLength(1);
    const on = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: admin,
      payload: { isActive: true },
    });
    expect(on.body.data).toMatchObject({ isActive: true, status: 'running' });
    expect(await seen(retailer)).toHaveLength(1);

    const refused = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: noDelete,
      payload: { isActive: false, deleted: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have delete permission for Stories');

    const deleted = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: admin,
      payload: { isActive: false, deleted: true },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Story deleted successfully', data: null });
    // Still stored, switched off, with its views: only gone from the list and from retailers.
    const row = await ctx.db.selectFrom('stories').selectAll().where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    expect(row.deleted_at).not.toBeNull();
    expect(await ctx.db.selectFrom('story_views').select('user_id').where('story_id', '=', story.id).execute()).toHaveLength(1);
    expect((await office()).data).toMatchObject({ items: [], total: 0 });
    expect(await seen(retailer)).toEqual([]);
    const gone = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: admin,
      payload: { isActive: true },
    });
    expect(gone.status).toBe(404);
    const viewGone = await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${story.id}`, token: retailer });
    expect(viewGone.status).toBe(404);

    const bad = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: admin,
      payload: { isActive: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('runs a story between its start and end', async () => {
    const start = new Date(Date.parse(nowIso()) + 3_600_000).toISOString();
    const end = new Date(Date.parse(nowIso()) + 7_200_000).toISOString();
    const story = await imageStory({ startsAt: start, endsAt: end });
    expect((await office()).data.items[0]).toMatchObject({ startsAt: start, endsAt: end, status: 'scheduled' });
    expect(await seen(retailer)).toEqual([]);
    const early = await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${story.id}`, token: retailer });
    expect(early.status).toBe(404);
    advanceClock(3_600_000);
    expect(await seen(retailer)).toHaveLength(1);
    expect((await office()).data.items[0].status).toBe('running');
    advanceClock(3_600_000);
    expect(await seen(retailer)).toEqual([]);
    expect((await office()).data.items[0].status).toBe('ended');

    const backwards = await create({ mediaType: 'image', startsAt: end, endsAt: start }, [
      file('a.png', await makeImage('png', 8, 8)),
    ]);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ endsAt: 'The end must be after the start' });
    const badDate = await create({ mediaType: 'image', startsAt: 'tomorrow' }, [file('a.png', await makeImage('png', 8, 8))]);
    expect(badDate.body.error.fields).toEqual({ startsAt: 'Enter a valid date and time' });
  });

  it('shows a story only to its audience: routes, order days, chosen stores', async () => {
    // Store 10001 (retailer): route 101, order day 3. Store 10002 (retailer2): route 101, order day 5.
    const route = await imageStory({ caption: 'Route 101', audienceType: 'routes', audienceValues: '101' });
    const wednesday = await imageStory({ caption: 'Wednesday', audienceType: 'orderDays', audienceValues: '3, 4' });
    const store = await imageStory({ caption: 'Store 10002', audienceType: 'customers', audienceValues: WORLD.customers.c10002 });
    const other = await imageStory({ caption: 'Route 202', audienceType: 'routes', audienceValues: '202' });
    const captions = async (token: string) => (await seen(token)).map((s: { caption: string }) => s.caption).sort();
    expect(await captions(retailer)).toEqual(['Route 101', 'Wednesday']);
    expect(await captions(retailer2)).toEqual(['Route 101', 'Store 10002']);
    const byId = new Map((await office()).data.items.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(route.id)).toMatchObject({ audience: { type: 'routes', values: ['101'] }, audienceSize: 2 });
    expect(byId.get(wednesday.id)).toMatchObject({ audience: { type: 'orderDays', values: ['3', '4'] }, audienceSize: 1 });
    expect(byId.get(store.id)).toMatchObject({ audienceSize: 1 });
    expect(byId.get(other.id)).toMatchObject({ audienceSize: 0, completion: 0 });
    const hidden = await call(ctx.app, { method: 'PUT', url: `/api/retailer/story/${store.id}`, token: retailer });
    expect(hidden.status).toBe(404);

    const png = await makeImage('png', 8, 8);
    const refusals: [Fields, string, string][] = [
      [{ audienceType: 'routes', audienceValues: '' }, 'audienceValues', 'Choose at least one value for this audience'],
      [{ audienceType: 'routes', audienceValues: '999' }, 'audienceValues', 'No store is on route 999'],
      [{ audienceType: 'orderDays', audienceValues: '8' }, 'audienceValues', 'Order days are 1 (Monday) to 7 (Sunday)'],
      [{ audienceType: 'customers', audienceValues: 'cust-nope' }, 'audienceValues', 'A chosen store was not found'],
      [{ audienceType: 'everyone' }, 'audienceType', 'Audience must be all, routes, orderDays or customers'],
    ];
    for (const [fields, field, message] of refusals) {
      const res = await create({ mediaType: 'image', ...fields }, [file('a.png', png)]);
      expect(res.status, message).toBe(400);
      expect(res.body.error.fields).toEqual({ [field]: message });
    }
  });

  it('links a story to a product (offered while it is sold) or a promotion', async () => {
    const linked = await imageStory({ productId: P.cola });
    expect(linked).toMatchObject({ product: { id: P.cola, itemNumber: expect.any(String), name: expect.any(String) } });
    const promo = await imageStory({ promotionId: 'promo-lime' });
    expect(promo).toMatchObject({ promotion: { id: 'promo-lime', title: 'Lime 10% off' }, product: null });
    const stories = await seen(retailer);
    expect(stories[0]).toMatchObject({ promotion: { id: 'promo-lime', title: 'Lime 10% off' } });
    expect(stories[1].product).toEqual((linked as unknown as { product: object }).product);
    await ctx.db.updateTable('products').set({ is_active: 0 }).where('id', '=', P.cola).execute();
    expect((await seen(retailer))[1].product).toBeNull();
    await ctx.db.updateTable('products').set({ is_active: 1 }).where('id', '=', P.cola).execute();

    const png = await makeImage('png', 8, 8);
    for (const [fields, field, message] of [
      [{ productId: P.retired }, 'productId', 'Product not found'],
      [{ productId: 'p-nope' }, 'productId', 'Product not found'],
      [{ promotionId: 'promo-nope' }, 'promotionId', 'Promotion not found'],
      [{ productId: P.cola, promotionId: 'promo-lime' }, 'productId', 'Link a story to a product or a promotion, not both'],
    ] as const) {
      const res = await create({ mediaType: 'image', ...fields }, [file('a.png', png)]);
      expect(res.status, message).toBe(400);
      expect(res.body.error.fields).toEqual({ [field]: message });
    }
  });

  it('lets only retailers use the retailer paths and only Stories users the office paths', async () => {
    const story = await imageStory();
    for (const token of [sales, admin]) {
      for (const [method, url] of [
        ['GET', '/api/retailer/story'],
        ['PUT', `/api/retailer/story/${story.id}`],
      ] as const) {
        const res = await call(ctx.app, { method, url, token });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      }
    }
    for (const token of [retailer, sales]) {
      expect((await call(ctx.app, { method: 'GET', url: '/api/distrubutor/stories', token })).status).toBe(403);
    }
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/story' })).status).toBe(401);
    // View only: the list, not the switch or the upload.
    expect((await office(viewOnly)).data.total).toBe(1);
    const put = await call(ctx.app, {
      method: 'PUT',
      url: `/api/distrubutor/stories/${story.id}`,
      token: viewOnly,
      payload: { isActive: false },
    });
    expect(put.status).toBe(403);
    const post = await create({ mediaType: 'image' }, [file('a.png', await makeImage('png', 8, 8))], viewOnly);
    expect(post.status).toBe(403);
    expect(post.body.message).toBe('You do not have add permission for Stories');
  });

  it('pages the office list and refuses a bad page', async () => {
    for (let i = 0; i < 3; i++) {
      await imageStory({ caption: `Story ${i}` });
      advanceClock(1000);
    }
    const page = await call(ctx.app, { method: 'GET', url: '/api/distrubutor/stories?page=2&limit=2', token: admin });
    expect(page.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.body.data.items.map((s: { caption: string }) => s.caption)).toEqual(['Story 0']);
    const bad = await call(ctx.app, { method: 'GET', url: '/api/distrubutor/stories?page=0', token: admin });
    expect(bad.status).toBe(400);
  });
});

describe('stories in S3-compatible storage', () => {
  let ctx: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestContext({ media: s3.media });
    await createBaseWorld(ctx.db);
    await createCatalogFixtures(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
    await s3.stop();
  });

  it('stores a video in the bucket and serves byte ranges from it', async () => {
    const admin = await tokenFor(ctx, WORLD.users.admin.id);
    const bytes = mp4OfSize(20_000);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/distrubutor/stories',
      token: admin,
      ...multipart([file('clip.webm.mp4', bytes)], { mediaType: 'video', caption: 'From the bucket' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = res.body.data.mediaUrl as string;
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe('bytes 1000-1999/20000');
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    const retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    const list = await call(ctx.app, { method: 'GET', url: '/api/retailer/story', token: retailer });
    expect(list.body.data).toEqual([expect.objectContaining({ mediaType: 'video', mediaUrl: url })]);
  });
});
