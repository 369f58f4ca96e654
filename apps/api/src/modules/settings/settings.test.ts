// Settings over HTTP on a real database: what GET answers before anything is saved, a full save and where
// each setting shows (sign-in's logo and D_Name, order numbers and the order PDF, new stores' terms, the
// delivery charge, the e-mail sender, sign-up closed), the logo upload checked by bytes, validation, the
// audit entry and the Settings permission.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsBody } from '@portal/shared/settings/settings.schemas';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { makeImage, multipart } from '../../../test/fixtures/media-fixtures.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { DEMO_PASSWORD, WORLD } from '../../db/seed/base-world.ts';
import { flushOutbox } from '../../platform/messaging/outbox.ts';

const COMPANY = 'Golden State Wholesale Distributors, Inc.';

const SAVED: SettingsBody = {
  company: {
    name: 'Sunrise Foods',
    companyName: 'Sunrise Foods Wholesale LLC',
    email: 'office@sunrise.test',
    phone: '(530) 555-0199',
    addr1: '9 Harbor Street',
    city: 'Eureka',
    state: 'CA',
    zip: '95501',
    logoUrl: null,
  },
  timeZone: 'America/Los_Angeles',
  newStoreDefaults: { minOrderCents: 7500, itemLimit: 40, creditLimitCents: 250000 },
  deliveryCharge: { mode: 'flat', flatCents: 1200, tiers: [], freeOverCents: 40000 },
  orderNumberFormat: { prefix: 'SF-', padding: 8 },
  emailSender: { fromName: 'Sunrise Office', fromAddress: 'orders@sunrise.test' },
  selfRegistration: true,
};

describe('settings', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let viewer: string;
  let outsider: string;

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
    call(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });
  const save = (body: unknown, token = admin) => send('PUT', '/api/admin/settings', token, body as object);
  const uploadLogo = (bytes: Buffer, filename = 'logo.png', contentType = 'image/png') => {
    const form = multipart([{ filename, contentType, bytes }]);
    return call(ctx.app, {
      method: 'POST',
      url: '/api/admin/settings/logo',
      token: admin,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const signIn = (email: string) =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/auth/loginWithPassword',
      payload: { email_phone: email, password: DEMO_PASSWORD },
      headers: { 'x-device-type': 'web', 'x-device-name': 'test', 'x-device-id': 'settings-test' },
    });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'settings-viewer', { Settings: { view: true } }));
    outsider = await tokenFor(ctx, await addDistributorUser(ctx.db, 'settings-none', { Orders: { view: true } }));
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.deleteFrom('settings').execute();
  });

  it('answers the defaults before anything is saved: the company row, UTC, open sign-up, no charge', async () => {
    const res = await send('GET', '/api/admin/settings', admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      company: { name: 'Golden State Wholesale', companyName: COMPANY, city: 'Sacramento', logoUrl: null },
      timeZone: 'UTC',
      newStoreDefaults: { minOrderCents: null, itemLimit: null, creditLimitCents: null },
      deliveryCharge: { mode: 'none', flatCents: null, tiers: [], freeOverCents: null },
      orderNumberFormat: { prefix: '', padding: 0 },
      emailSender: { fromName: '', fromAddress: '' },
      selfRegistration: true,
      updatedAt: null,
    });
    expect(res.body.data.nextOrderNumberExample).toMatch(/^\d{6}$/);
  });

  it('saves everything at once, audits it, and the sign-in answers show the new company and logo', async () => {
    const image = await uploadLogo(await makeImage('png', 300, 120));
    expect(image.status).toBe(200);
    expect(image.body.data.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);

    const res = await save({ ...SAVED, company: { ...SAVED.company, logoUrl: image.body.data.url } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settings saved successfully');
    expect(res.body.data).toMatchObject({
      company: { companyName: 'Sunrise Foods Wholesale LLC', logoUrl: image.body.data.url },
      timeZone: 'America/Los_Angeles',
      orderNumberFormat: { prefix: 'SF-', padding: 8 },
    });
    expect(res.body.data.nextOrderNumberExample).toMatch(/^SF-00\d{6}$/);
    expect(res.body.data.updatedAt).toEqual(expect.any(String));

    const row = await ctx.db
      .selectFrom('distributors')
      .selectAll()
      .where('id', '=', WORLD.distributorId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_name: 'Sunrise Foods Wholesale LLC',
      addr1: '9 Harbor Street',
      logo_url: image.body.data.url,
    });

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'updated', actor_user_id: WORLD.users.admin.id });
    expect(JSON.parse(audit.changes_json)).toEqual(
      expect.arrayContaining([
        { field: 'company.companyName', before: COMPANY, after: 'Sunrise Foods Wholesale LLC' },
        { field: 'timeZone', before: 'UTC', after: 'America/Los_Angeles' },
      ]),
    );

    for (const email of ['retailer@demo.test', 'admin@demo.test']) {
      const signedIn = await signIn(email);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.logo).toBe(image.body.data.url);
      expect(signedIn.body.data.wareHouseDetail[0].D_Name).toBe('Sunrise Foods Wholesale LLC');
    }
    // The logo is served as the image uploaded.
    const served = await call(ctx.app, { method: 'GET', url: image.body.data.url });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // Put back for the other tests.
    const back = await send('GET', '/api/admin/settings', admin);
    await save({
      ...back.body.data,
      company: { ...back.body.data.company, name: 'Golden State Wholesale', companyName: COMPANY },
    });
  });

  it('refuses a logo that is not an image by its bytes, and a logo URL that is not an upload', async () => {
    const fake = await uploadLogo(Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png', 'image/png');
    expect(fake.status).toBe(415);
    expect(fake.body.success).toBe(false);

    const foreign = await save({ ...SAVED, company: { ...SAVED.company, logoUrl: 'https://evil.test/logo.png' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ 'company.logoUrl': 'Upload the logo here; other addresses are not accepted' });

    const missing = await save({ ...SAVED, company: { ...SAVED.company, logoUrl: `/media/${'a'.repeat(64)}.png` } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The uploaded logo was not found. Please upload it again.');
  });

  it('validates every section with field messages and stores nothing', async () => {
    const res = await save({
      ...SAVED,
      company: { ...SAVED.company, companyName: ' ', email: 'not-an-email' },
      timeZone: 'Mars/Olympus_Mons',
      newStoreDefaults: { minOrderCents: -1, itemLimit: 0, creditLimitCents: 1.5 },
      deliveryCharge: { mode: 'by_order_value', flatCents: null, tiers: [], freeOverCents: null },
      orderNumberFormat: { prefix: 'so-', padding: 13 },
      emailSender: { fromName: 'Evil\r\nBcc: all@x.test', fromAddress: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      'company.companyName': 'Company name is required',
      'company.email': 'Enter a valid email address',
      timeZone: 'Choose a time zone from the list, e.g. America/Los_Angeles',
      'newStoreDefaults.minOrderCents': 'Minimum order amount must be 0 or more, in whole cents, at most 100000000',
      'newStoreDefaults.itemLimit': 'Item limit must be a whole number from 1 to 100000',
      'newStoreDefaults.creditLimitCents': 'Credit limit must be 0 or more, in whole cents, at most 100000000',
      'deliveryCharge.tiers': 'Add at least one tier',
      'orderNumberFormat.prefix': 'Prefix may have up to 10 capital letters, digits or dashes',
      'orderNumberFormat.padding': 'Digits must be a whole number from 0 to 12',
      'emailSender.fromName': 'Sender name may not contain line breaks, quotes or angle brackets',
      'emailSender.fromAddress': 'Enter a valid email address',
    });
    expect((await save({ ...SAVED, timeZone: 'PST' })).body.error.fields.timeZone).toBe(
      'Choose a time zone from the list, e.g. America/Los_Angeles',
    );
    expect(await ctx.db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });

  it('numbers new orders with the format and prints the PDF with the company and the local date', async () => {
    expect((await save(SAVED)).status).toBe(200);
    const add = await send('POST', '/api/retailer/cart/add', retailer, { productId: P.cola, quantity: 10 });
    expect(add.status).toBe(200);
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token: retailer,
    });
    expect(placed.status).toBe(200);
    const orderNumber: string = placed.body.data.orderNumber;
    expect(orderNumber).toMatch(/^SF-\d{8}$/);
    const order = await ctx.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
    // The flat delivery charge of the settings, below its free-delivery threshold.
    expect(Number(order.delivery_charge_cents)).toBe(1200);

    // 03:00 UTC on 1 March is still 28 February in Los Angeles.
    await ctx.db.updateTable('orders').set({ created_at: '2026-03-01T03:00:00.000Z' }).where('id', '=', order.id).execute();
    const pdf = await send('GET', `/api/retailer/orderPdf?orderNumber=${orderNumber}&hasPrice=true`, retailer);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw.rawPayload);
    expect(text).toContain(`Order # ${orderNumber}`);
    expect(text).toContain('Sunrise Foods Wholesale LLC');
    expect(text).toContain('9 Harbor Street');
    expect(text).toContain('Date: 2026-02-28');

    // Another format applies to the next order only; the one given keeps its number.
    await save({ ...SAVED, orderNumberFormat: { prefix: '', padding: 0 } });
    expect(
      (await ctx.db.selectFrom('orders').select('order_number').where('id', '=', order.id).executeTakeFirstOrThrow())
        .order_number,
    ).toBe(orderNumber);
    await save({ ...SAVED, company: { ...SAVED.company, name: 'Golden State Wholesale', companyName: COMPANY } });
  });

  it('gives new stores the default terms unless the office sets them, added or approved', async () => {
    await save(SAVED);
    const added = await send('POST', '/api/admin/retailers', admin, {
      cNumber: '20001',
      companyName: 'Default Mart',
      contactName: 'Dee',
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ minOrderCents: 7500, itemLimit: 40, creditLimitCents: 250000 });

    const explicit = await send('POST', '/api/admin/retailers', admin, {
      cNumber: '20002',
      companyName: 'Own Terms Mart',
      contactName: 'Oz',
      minOrderCents: null,
      itemLimit: 5,
    });
    expect(explicit.body.data).toMatchObject({ minOrderCents: null, itemLimit: 5, creditLimitCents: 250000 });

    const choices = await send('GET', '/api/admin/retailers/choices', admin);
    expect(choices.body.data.newStoreDefaults).toEqual({ minOrderCents: 7500, itemLimit: 40, creditLimitCents: 250000 });

    const request = await send('POST', '/api/admin/retailer-requests', admin, {
      storeName: 'Applied Mart',
      ownerName: 'Ann Applicant',
      email: 'ann@applied.test',
      phone: '(916) 555-0777',
    });
    expect(request.status).toBe(201);
    const approved = await send('POST', `/api/admin/retailer-requests/${request.body.data.id}/approve`, admin, {
      cNumber: '20003',
    });
    expect(approved.status).toBe(200);
    const store = await ctx.db.selectFrom('customers').selectAll().where('c_number', '=', '20003').executeTakeFirstOrThrow();
    expect(store).toMatchObject({ min_order_cents: 7500, item_limit_qty: 40, credit_limit_cents: 250000 });
  });

  it("sends the distributor's e-mails from its sender", async () => {
    await save(SAVED);
    const sent = await send('POST', '/api/contact', undefined, {
      name: 'Pat Public',
      email: 'pat@public.test',
      message: 'Please call me about an account.',
    });
    expect(sent.status).toBe(200);
    await flushOutbox(ctx.db);
    const message = await ctx.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'sender', 'subject'])
      .where('subject', '=', 'Contact request from Pat Public')
      .executeTakeFirstOrThrow();
    expect(message).toEqual({
      recipient: 'office@sunrise.test',
      sender: '"Sunrise Office" <orders@sunrise.test>',
      subject: 'Contact request from Pat Public',
    });
    await save({ ...SAVED, company: { ...SAVED.company, name: 'Golden State Wholesale', companyName: COMPANY } });
  });

  it('closes online sign-up when self-registration is off: 403 with the message, nothing stored', async () => {
    await save({ ...SAVED, selfRegistration: false });
    const body = {
      storeName: 'Closed Mart',
      ownerName: 'Cleo',
      email: 'cleo@closed.test',
      phone: '(916) 555-0666',
      password: 'Secret123',
    };
    const res = await send('POST', '/api/auth/signup', undefined, body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Stores cannot sign up online at the moment. Please contact us to open an account.',
    });
    expect(await ctx.db.selectFrom('retailer_requests').select('id').where('email', '=', 'cleo@closed.test').execute()).toEqual(
      [],
    );

    await save({ ...SAVED, selfRegistration: true });
    const open = await send('POST', '/api/auth/signup', undefined, body);
    expect(open.status).toBe(200);
  });

  it('keeps settings to the Settings permission: view reads, edit writes', async () => {
    expect((await send('GET', '/api/admin/settings', viewer)).status).toBe(200);
    const denied = await save(SAVED, viewer);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have edit permission for Settings');
    expect((await send('GET', '/api/admin/settings', outsider)).status).toBe(403);
    expect((await send('GET', '/api/admin/settings', retailer)).status).toBe(403);
    expect((await send('GET', '/api/admin/settings')).status).toBe(401);
    expect(await ctx.db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });
});
