// The distributor's logo on order PDFs (issue 16 §4, docs/settings.md): drawn at the top of every order
// document (the store's, the rep's, the office's one and many) when Settings holds one, as an image
// XObject; a document is still made, without it, when there is none, its object is missing, or its bytes
// are not an image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { makeImage, multipart } from '../../../test/fixtures/media-fixtures.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { mediaStorage } from '../media/media.service.ts';

/** The image XObjects' dictionaries of a PDF (pdfkit writes object dictionaries uncompressed). */
function images(pdf: Buffer): { width: number; height: number }[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((m) => ({
    width: Number(/\/Width (\d+)/.exec(m[0])?.[1]),
    height: Number(/\/Height (\d+)/.exec(m[0])?.[1]),
  }));
}

describe('the logo on order PDFs', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let rep: string;
  let orderNumber: string;
  let orderId: string;

  const setLogo = (url: string | null) =>
    ctx.db.updateTable('distributors').set({ logo_url: url }).where('id', '=', WORLD.distributorId).execute();

  /** The order's PDF from each place that makes one: the store, the rep, the office (one and bulk). */
  async function everyPdf(): Promise<Buffer[]> {
    const answers = await Promise.all([
      call(ctx.app, { method: 'GET', url: `/api/retailer/orderPdf?orderNumber=${orderNumber}&hasPrice=true`, token: retailer }),
      call(ctx.app, {
        method: 'GET',
        url: `/api/sales/orderPdf/${WORLD.customers.c10001}?orderNumber=${orderNumber}`,
        token: rep,
        headers: { 'x-customer-id': WORLD.customers.c10001, 'x-customer-number': '10001' },
      }),
      call(ctx.app, { method: 'GET', url: `/api/admin/orders/${orderId}/pdf?hasPrice=true`, token: admin }),
      call(ctx.app, {
        method: 'POST',
        url: '/api/admin/orders/bulk/pdf',
        payload: { orderIds: [orderId, orderId], hasPrice: false },
        token: admin,
      }),
    ]);
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    return answers.map((res) => res.raw.rawPayload);
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    const chosen = await call(ctx.app, {
      method: 'POST',
      url: `/api/sales/setSalesSession/${WORLD.customers.c10001}`,
      token: rep,
    });
    expect(chosen.status).toBe(200);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/retailer/cart/add',
          token: retailer,
          payload: { productId: P.cola, quantity: 10 },
        })
      ).status,
    ).toBe(200);
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token: retailer,
    });
    expect(placed.status).toBe(200);
    orderNumber = placed.body.data.orderNumber;
    orderId = (await ctx.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => ctx.close());

  it('draws no image for a distributor without a logo', async () => {
    await setLogo(null);
    for (const pdf of await everyPdf()) {
      expect(images(pdf)).toEqual([]);
      expect(pdfText(pdf)).toContain(`Order # ${orderNumber}`);
    }
  });

  it('draws the uploaded logo, scaled down, at the top of every document (a WebP logo too)', async () => {
    for (const format of ['png', 'webp'] as const) {
      const form = multipart([
        { filename: `logo.${format}`, contentType: `image/${format}`, bytes: await makeImage(format, 1200, 300) },
      ]);
      const upload = await call(ctx.app, {
        method: 'POST',
        url: '/api/admin/settings/logo',
        token: admin,
        payload: form.payload,
        headers: form.headers,
      });
      expect(upload.status).toBe(200);
      await setLogo(upload.body.data.url);
      for (const pdf of await everyPdf()) {
        const found = images(pdf);
        expect(found.length).toBeGreaterThanOrEqual(1);
        // converted once to a PNG of at most 600 pixels a side, proportions kept
        expect(found[0]).toEqual({ width: 600, height: 150 });
        expect(pdfText(pdf)).toContain(`Order # ${orderNumber}`);
      }
    }
  });

  it('makes the document without the logo when its file is missing or is not an image', async () => {
    await setLogo(`/media/${'a'.repeat(64)}.png`);
    for (const pdf of await everyPdf()) expect(images(pdf)).toEqual([]);

    const key = `${'b'.repeat(64)}.png`;
    await mediaStorage(ctx.app.deps.config).put(key, Buffer.from('not an image at all'), 'image/png');
    await setLogo(`/media/${key}`);
    for (const pdf of await everyPdf()) expect(images(pdf)).toEqual([]);

    await setLogo('https://elsewhere.test/logo.png');
    for (const pdf of await everyPdf()) expect(images(pdf)).toEqual([]);
    await setLogo(null);
  });
});
